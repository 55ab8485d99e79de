import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const built = new Map<string, Promise<string>>();

/**
 * For an ESM bundle with CommonJS packages inside: their `require`, and the `__filename`
 * write-file-atomic names its temporary files with.
 */
export const COMMONJS_BANNER = {
  js: [
    "import { createRequire as __r } from 'node:module';",
    "import { fileURLToPath as __p } from 'node:url';",
    'const require = __r(import.meta.url);',
    'const __filename = __p(import.meta.url);',
  ].join('\n'),
};

/**
 * A script of the tests (`source`, a file URL) and the sources it imports in one ESM file for
 * plain `node`, which starts it far faster than tsx loads TypeScript in each process. Bundled
 * once per run, under node_modules/.cache so that packages left `external` resolve as from the
 * sources. `commonJsDeps`: bundled CommonJS packages (proper-lockfile, write-file-atomic) get
 * `require` and `__filename`, as the package's own build of `price-catalog/file` gives them.
 * Resolves with the bundle's path.
 */
export function nodeBundle(
  source: URL,
  name: string,
  options: { external?: string[]; commonJsDeps?: boolean } = {},
): Promise<string> {
  let bundle = built.get(name);
  if (bundle === undefined) {
    const outfile = fileURLToPath(
      new URL(`../../node_modules/.cache/price-catalog-tests/${name}.mjs`, import.meta.url),
    );
    bundle = build({
      entryPoints: [fileURLToPath(source)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile,
      external: options.external ?? [],
      logLevel: 'warning',
      banner: options.commonJsDeps ? COMMONJS_BANNER : {},
    }).then(() => outfile);
    built.set(name, bundle);
  }
  return bundle;
}
