/** What `price-catalog export --help` prints after the options. */
export const HELP_AFTER = `
Credentials and URLs come from the flags or the environment: PRICE_CATALOG_BASE_URL,
PRICE_CATALOG_AUTH_URL, PRICE_CATALOG_CLIENT_ID, PRICE_CATALOG_CLIENT_SECRET (prefer the
environment for the secret: flags show in the process list); \`npx price-catalog-sandbox\` prints
them as export lines for the offline sandbox. PRICE_CATALOG_LOG=debug shows each request on
stderr (never a token or the secret).

The day's budget, the token's rate window and the application token are kept in the state
directory (--state-dir, PRICE_CATALOG_STATE_DIR), shared with every other export and every script
on this machine that uses fileCoordination() on the same directory: each run sees the day's
earlier calls. With --redis URL (or PRICE_CATALOG_REDIS_URL) they are shared through Redis instead
(price-catalog/redis, needs the ioredis package) with every process of the client id, on any
machine. Give the same --daily-limit (and --redis-prefix) as the other processes.

An export checkpoints after every page (OUT.checkpoint.json): interrupted (Ctrl-C, a crash, the
day's budget spent), run the same command again and it resumes where it stopped, spending no
call twice. Exit codes: 0 done, 1 error, 2 bad usage, 75 stopped for the budget or --max-calls
(run again later), 130 interrupted.

Examples:
  price-catalog export skus --category 40 --format csv --out phones.csv
  price-catalog export offers --category 40 --out offers.jsonl --max-calls 200
  price-catalog export skus --manufacturer 28 --order-by price --out m28.jsonl
  price-catalog export skus --search iphone --out iphone.jsonl
  price-catalog export offers --category 40 --out offers.jsonl --redis redis://127.0.0.1:6379`;
