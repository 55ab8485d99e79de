/** The one prefix of every error the command prints, whoever found it (commander, the exporter, the SDK). */
export const ERROR_PREFIX = 'price-catalog: ';

/** An error on stderr, after the prefix. */
export function printError(stderr: { write(text: string): unknown }, message: string): void {
  stderr.write(`${ERROR_PREFIX}${message}\n`);
}

/** Commander's own messages (`error: unknown option '--x'`) under the same prefix. */
export function commanderError(text: string): string {
  return `${ERROR_PREFIX}${text.replace(/^error: /, '')}`;
}
