import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// examples/storefront is meant to be copied into an app: every import in it is one an app can
// write (the package's public entries, React, TanStack Query, node's own modules, esbuild for its
// bundle) or a file of the example itself; none reaches into this repository's src/.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EXAMPLE = join(ROOT, 'examples', 'storefront');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
  devDependencies: Record<string, string>;
};
/** `price-catalog`, `price-catalog/server`, ...: what the package's exports name. */
const ENTRIES = new Set(
  Object.keys(manifest.exports)
    .filter((key) => key !== './package.json')
    .map((key) => (key === '.' ? 'price-catalog' : `price-catalog/${key.slice(2)}`)),
);
const APP_PACKAGES = new Set(['react', 'react-dom', '@tanstack/react-query', 'esbuild']);

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesOf(join(dir, entry.name))
      : /\.(ts|tsx|js|mjs)$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The module specifiers of `import ... from`, `export ... from`, `import('...')` and `import '...'`. */
function specifiersOf(source: string): string[] {
  const found: [number, string][] = [];
  const patterns = [
    /\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
  ];
  for (const pattern of patterns)
    for (const match of source.matchAll(pattern)) found.push([match.index, match[1] as string]);
  return found.sort((a, b) => a[0] - b[0]).map(([, specifier]) => specifier);
}

/** Why an import of `file` could not be copied into an app, or null when it can. */
function refusal(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) {
    const target = resolve(file, '..', specifier);
    return relative(EXAMPLE, target).startsWith('..') ? 'leaves the example' : null;
  }
  if (specifier.startsWith('node:')) return null;
  if (specifier === 'price-catalog' || specifier.startsWith('price-catalog/'))
    return ENTRIES.has(specifier) ? null : 'is not an entry of the package';
  const name = specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : specifier.split('/')[0];
  return name && APP_PACKAGES.has(name) && name in manifest.devDependencies
    ? null
    : 'is not a package the app has';
}

describe('examples/storefront imports what an app can', () => {
  const files = filesOf(EXAMPLE);

  it('only the package’s public entries, its own files, React, TanStack Query and node', () => {
    expect(files.length).toBeGreaterThan(20);
    const refused: string[] = [];
    const entries = new Set<string>();
    for (const file of files) {
      for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
        const why = refusal(file, specifier);
        if (why) refused.push(`${relative(ROOT, file)}: '${specifier}' ${why}`);
        if (specifier.startsWith('price-catalog')) entries.add(specifier);
      }
    }
    expect(refused).toEqual([]);
    expect([...entries].sort()).toEqual([
      'price-catalog',
      'price-catalog/query',
      'price-catalog/server',
      'price-catalog/testing',
    ]);
  });

  it('the check sees a reach into src/, by any way of importing', () => {
    const file = join(EXAMPLE, 'site.ts');
    const source = [
      "import { createCatalogHandler } from '../../src/server/index.js';",
      "export { createSandbox } from '../../src/sandbox/index.js';",
      "const core = await import('../../src/core/errors.js');",
      "import '../../src/index.js';",
      "import { x } from 'price-catalog/src/server/index.js';",
    ].join('\n');
    expect(specifiersOf(source).map((specifier) => refusal(file, specifier))).toEqual([
      'leaves the example',
      'leaves the example',
      'leaves the example',
      'leaves the example',
      'is not an entry of the package',
    ]);
  });
});
