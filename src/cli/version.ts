import nodeModule from 'node:module';

/**
 * The package's version, for `price-catalog --version`: read from its package.json at run time,
 * two folders up from this module both in the sources (src/cli/) and in the build (dist/cli/).
 */
export function packageVersion(): string {
  try {
    const pkg = nodeModule.createRequire(import.meta.url)('../../package.json') as {
      name?: string;
      version?: string;
    };
    if (pkg.name === 'price-catalog' && typeof pkg.version === 'string') return pkg.version;
  } catch {
    // Not laid out as the package is (a bundle elsewhere): say so rather than guess.
  }
  return 'unknown';
}
