/**
 * Published types match the package: for each entry of the packed package's `exports`, the value
 * exports its declaration files declare (TypeScript compiler API over the packed .d.ts / .d.cts)
 * are exactly the names Node finds at run time (`import` for .d.ts, `require` for .d.cts).
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPacked } from '../../scripts/size.mjs';
import { declaredValues } from './exports.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

interface Conditions {
  import: { types: string };
  require: { types: string };
}

let work = '';
let entries: [string, Conditions][] = [];
let runtime: Record<string, { esm: string[]; cjs: string[] }> = {};
let declared = new Map<string, string[]>();
const pkg = () => join(work, 'node_modules', 'price-catalog');

beforeAll(() => {
  const { dir } = installPacked();
  // The install as a user gets it, plus msw (the optional peer of `price-catalog/testing/msw`),
  // in a directory of this test's own: the shared install stays without the optional peers.
  work = mkdtempSync(join(tmpdir(), 'price-catalog-exports-'));
  const modules = join(work, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(join(dir, 'node_modules'))) {
    if (name === 'price-catalog')
      cpSync(join(dir, 'node_modules', name), join(modules, name), { recursive: true });
    else symlinkSync(join(dir, 'node_modules', name), join(modules, name));
  }
  symlinkSync(join(repo, 'node_modules', 'msw'), join(modules, 'msw'));
  // And @opentelemetry/api, the optional peer of `price-catalog/otel`.
  mkdirSync(join(modules, '@opentelemetry'), { recursive: true });
  if (!existsSync(join(modules, '@opentelemetry', 'api')))
    symlinkSync(join(repo, 'node_modules', '@opentelemetry', 'api'), join(modules, '@opentelemetry', 'api'));
  writeFileSync(
    join(work, 'package.json'),
    JSON.stringify({ name: 'exports-app', private: true, type: 'module' }),
  );
  cpSync(join(repo, 'test', 'package', 'runtime-exports.mjs'), join(work, 'runtime-exports.mjs'));

  const manifest = JSON.parse(readFileSync(join(pkg(), 'package.json'), 'utf8')) as {
    exports: Record<string, Conditions | string>;
  };
  entries = Object.entries(manifest.exports).filter((entry): entry is [string, Conditions] => {
    return typeof entry[1] === 'object';
  });
  const specifiers = entries.map(([subpath]) => `price-catalog${subpath.slice(1)}`);
  runtime = JSON.parse(
    execFileSync(process.execPath, ['runtime-exports.mjs', ...specifiers], { cwd: work, encoding: 'utf8' }),
  );
  declared = declaredValues(
    entries.flatMap(([, conditions]) =>
      [conditions.import.types, conditions.require.types].map((t) => join(pkg(), t)),
    ),
  );
}, 240_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('declared value exports = runtime exports, entry by entry', () => {
  it('covers every entry of `exports`', () => {
    expect(entries.map(([subpath]) => subpath)).toEqual([
      '.',
      './testing',
      './testing/msw',
      './redis',
      './server',
      './file',
      './query',
      './otel',
      './watch',
    ]);
  });

  it('each entry, ESM (.d.ts vs import) and CommonJS (.d.cts vs require), both directions', () => {
    const counts: Record<
      string,
      { declaredEsm: number; runtimeEsm: number; declaredCjs: number; runtimeCjs: number }
    > = {};
    for (const [subpath, conditions] of entries) {
      const specifier = `price-catalog${subpath.slice(1)}`;
      const loaded = runtime[specifier];
      if (!loaded) throw new Error(`${specifier} was not loaded`);
      const esm = declared.get(join(pkg(), conditions.import.types)) ?? [];
      const cjs = declared.get(join(pkg(), conditions.require.types)) ?? [];
      // Both directions: nothing declared is missing at run time, nothing at run time is undeclared.
      expect({ specifier, missing: esm.filter((n) => !loaded.esm.includes(n)) }).toEqual({
        specifier,
        missing: [],
      });
      expect({ specifier, undeclared: loaded.esm.filter((n) => !esm.includes(n)) }).toEqual({
        specifier,
        undeclared: [],
      });
      expect({ specifier, missing: cjs.filter((n) => !loaded.cjs.includes(n)) }).toEqual({
        specifier,
        missing: [],
      });
      expect({ specifier, undeclared: loaded.cjs.filter((n) => !cjs.includes(n)) }).toEqual({
        specifier,
        undeclared: [],
      });
      expect(esm.length).toBeGreaterThan(0);
      counts[specifier] = {
        declaredEsm: esm.length,
        runtimeEsm: loaded.esm.length,
        declaredCjs: cjs.length,
        runtimeCjs: loaded.cjs.length,
      };
    }
    console.info(`export parity: ${JSON.stringify(counts)}`);
    // The answer schemas are among the values of the main entry, and nothing internal is.
    expect(runtime['price-catalog']?.esm).toContain('SkuSchema');
    expect(runtime['price-catalog']?.esm).not.toContain('_shared');
  });

  it('the reader tells values from type-only exports (a schema exported as a type is not a value)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'price-catalog-dts-'));
    try {
      const file = join(dir, 'entry.d.ts');
      writeFileSync(
        file,
        [
          'declare const SkuSchema: { parse(x: unknown): unknown };',
          'declare class Client {}',
          'declare function make(): Client;',
          'declare const Hidden: number;',
          'type Sku = { id: number };',
          'interface Page {}',
          'export { SkuSchema, Client, make };',
          'export type { Hidden, Sku, Page };',
        ].join('\n'),
      );
      expect(declaredValues([file]).get(file)).toEqual(['Client', 'SkuSchema', 'make']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what the other entries share with the main one', () => {
  it('their CommonJS builds take from the main entry only names it exports (one copy of each class)', () => {
    const main = runtime['price-catalog']?.cjs ?? [];
    expect(main).toContain('AbortError');
    for (const entry of ['redis', 'server', 'query', 'file', 'watch']) {
      const code = readFileSync(join(pkg(), 'dist', entry, 'index.cjs'), 'utf8');
      const binding = /var (\w+) = require\(['"]\.\.\/index\.cjs['"]\)/.exec(code)?.[1];
      expect({ entry, requiresMain: binding !== undefined }).toEqual({ entry, requiresMain: true });
      const taken = new Set([...code.matchAll(new RegExp(`\\b${binding}\\.(\\w+)`, 'g'))].map((m) => m[1]));
      expect({ entry, notExported: [...taken].filter((name) => !main.includes(name as string)) }).toEqual({
        entry,
        notExported: [],
      });
      // The error classes come from the main entry, never from a copy bundled in.
      expect({ entry, ownAbortError: /class AbortError\b|AbortError = class/.test(code) }).toEqual({
        entry,
        ownAbortError: false,
      });
    }
  });

  it('the published types leave out what is marked internal (the engine, the user session)', () => {
    const typeFiles = readdirSync(join(pkg(), 'dist')).filter((name) => /\.d\.c?ts$/.test(name));
    const types = typeFiles.map((name) => readFileSync(join(pkg(), 'dist', name), 'utf8')).join('\n');
    expect(types).toContain('interface ModuleContext');
    for (const hidden of [
      'declare class UserAuth',
      'interface EngineConfig',
      'interface EngineParts ',
      '@internal',
    ])
      expect({ hidden, published: types.includes(hidden) }).toEqual({ hidden, published: false });
  });
});
