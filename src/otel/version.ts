/** The package's version, as `instrumentationVersion` (test/otel checks it against package.json). */
export const VERSION = '0.1.0';
