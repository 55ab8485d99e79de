/**
 * The environment that points code at a running sandbox, under the names the `price-catalog`
 * command reads (src/cli/): `price-catalog-sandbox` prints it as `export` lines, and the docs
 * test sets exactly these variables, so a page, a script and the CLI all read one naming.
 */
export const SANDBOX_ENVIRONMENT_NAMES = [
  'PRICE_CATALOG_BASE_URL',
  'PRICE_CATALOG_AUTH_URL',
  'PRICE_CATALOG_CLIENT_ID',
  'PRICE_CATALOG_CLIENT_SECRET',
  'PRICE_CATALOG_TOKEN',
  'PRICE_CATALOG_STATE_DIR',
] as const;

export type SandboxEnvironmentName = (typeof SANDBOX_ENVIRONMENT_NAMES)[number];
export type SandboxEnvironment = Record<SandboxEnvironmentName, string>;

export interface SandboxEnvironmentInput {
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** An application token the sandbox issued, for the examples that take a fixed `token`. */
  token: string;
  /** A state directory of the sandbox's own, so its calls never join the real application's count. */
  stateDir: string;
}

export function sandboxEnvironment(input: SandboxEnvironmentInput): SandboxEnvironment {
  return {
    PRICE_CATALOG_BASE_URL: input.baseUrl,
    PRICE_CATALOG_AUTH_URL: input.authUrl,
    PRICE_CATALOG_CLIENT_ID: input.clientId,
    PRICE_CATALOG_CLIENT_SECRET: input.clientSecret,
    PRICE_CATALOG_TOKEN: input.token,
    PRICE_CATALOG_STATE_DIR: input.stateDir,
  };
}

/** `export NAME=value` lines for a POSIX shell; a value with other than safe characters is single-quoted. */
export function exportLines(environment: SandboxEnvironment): string[] {
  return SANDBOX_ENVIRONMENT_NAMES.map((name) => `export ${name}=${shellWord(environment[name])}`);
}

function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
