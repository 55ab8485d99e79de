/** Where the SDK reports what it does not throw (validation warnings, retries). Never given secrets. */
export interface Logger {
  debug(message: string): void;
  warn(message: string): void;
}

const noop = () => {};

/** The default: warnings to the console, debug dropped. */
export const consoleLogger: Logger = {
  debug: noop,
  warn: (message) => console.warn(`[price-catalog] ${message}`),
};
