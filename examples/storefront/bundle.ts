/**
 * The storefront's browser code, bundled with esbuild (the project's bundler) into one script.
 * By default `price-catalog` comes from this repository's source (its tsconfig paths); with
 * `packageDir`, from a directory where the package is installed, through its `exports`, as an
 * app's bundler takes it. React and TanStack Query come from the repository's node_modules.
 */
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const INNER = Symbol('inner resolve');
const ENTRY = fileURLToPath(new URL('./app/main.tsx', import.meta.url));

/** Resolves `price-catalog` and its subpaths from `dir` instead of the repository's source. */
function installedPackage(dir: string): Plugin {
  return {
    name: 'installed-price-catalog',
    setup(bundler) {
      bundler.onResolve({ filter: /^price-catalog(\/.*)?$/ }, async (args) => {
        // The inner resolve runs the plugins again: this one lets it through.
        if (args.pluginData === INNER) return undefined;
        const found = await bundler.resolve(args.path, {
          kind: args.kind,
          resolveDir: dir,
          pluginData: INNER,
        });
        return found.errors.length > 0 ? { errors: found.errors } : { path: found.path };
      });
    },
  };
}

export async function bundleStorefront(options: { packageDir?: string } = {}): Promise<string> {
  const bundled = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
    plugins: options.packageDir ? [installedPackage(options.packageDir)] : [],
    write: false,
    logLevel: 'error',
  });
  return bundled.outputFiles[0]?.text ?? '';
}
