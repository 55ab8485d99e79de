import { shellWord } from './words.js';

/** The flag of each listing parameter (the API's names in the checkpoint). */
const FLAGS: Record<string, string> = {
  order_by: '--order-by',
  order_dir: '--order-dir',
  filter_ids: '--filter-ids',
  manufacturer_ids: '--manufacturer-ids',
  shop_ids: '--shop-ids',
  distance: '--distance',
  availability: '--availability',
};

/** The command that runs the export a checkpoint belongs to, with every option that defines it. */
export function commandOf(job: string, out: string): string {
  const j = JSON.parse(job) as {
    what: string;
    source: Record<string, string | number | undefined>;
    params: Record<string, string | number | number[]>;
    format: string;
    per: number;
  };
  const words = ['price-catalog', 'export', j.what];
  for (const [name, value] of Object.entries(j.source))
    if (value !== undefined) words.push(`--${name}`, String(value));
  for (const [name, value] of Object.entries(j.params))
    words.push(
      FLAGS[name] ?? `--${name.replace(/_/g, '-')}`,
      Array.isArray(value) ? value.join(',') : String(value),
    );
  words.push('--format', j.format, '--per', String(j.per), '--out', out);
  return words.map(shellWord).join(' ');
}

/**
 * The command the user ran (its words after the program's name), quoted for a shell, to run again:
 * without `drop`'s flags (`--restart` would throw away what this run saved) and without the
 * client secret, which must not reach a terminal's scrollback or a log (the environment gives it).
 */
export function rerunCommand(argv: readonly string[], drop: readonly string[] = ['--restart']): string {
  const words: string[] = [];
  let secretHidden = false;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] as string;
    if (drop.includes(word)) continue;
    if (word === '--client-secret') {
      i++;
      secretHidden = true;
      continue;
    }
    if (word.startsWith('--client-secret=')) {
      secretHidden = true;
      continue;
    }
    words.push(word);
  }
  const command = ['price-catalog', ...words].map(shellWord).join(' ');
  // A shell comment: the line still pastes and runs as it is.
  return secretHidden ? `${command}  # with the client secret in PRICE_CATALOG_CLIENT_SECRET` : command;
}
