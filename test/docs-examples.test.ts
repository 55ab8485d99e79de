/**
 * Every ```ts block of README.md and docs/*.md runs here against the sandbox, so the docs cannot
 * drift from the SDK. The convention a docs example is written to:
 *
 * - A block is complete as a reader sees it: it imports what it uses (from `price-catalog`,
 *   `price-catalog/testing`, `price-catalog/server`, `price-catalog/query`, `price-catalog/file`,
 *   `@tanstack/query-core`, `msw/node`, node's modules) and declares its own names. It runs as an
 *   ES module with top-level await; a server it starts (`sandbox.listen`, msw `server.listen`) is
 *   closed after it.
 * - A file may show a preamble once: a block fenced as ```` ```ts preamble ````. It runs before
 *   each later block of that file (e.g. the `api` every example of the page uses).
 * - What only the reader's own app has (the framework's `request`, the callback URL the user came
 *   back on, an `AbortSignal` that ends a loop, the app's database) is declared where it is used,
 *   with `declare const name: Type;`, and the docs context (test/docs/context.ts) supplies it:
 *   `request`, `callbackUrl`, `redirectUri`, `signal` (aborted 300 ms in), `db`, `userId`,
 *   `tokenStore`, `onTokens`, `sandbox`, `token`. `process.env.CLIENT_ID`, `CLIENT_SECRET` and
 *   `CATALOG_TOKEN` hold the sandbox's values.
 * - `process.env.REDIS_URL` is a throwaway redis-server for the examples of `price-catalog/redis`.
 * - fetch (given or global) reaches the sandbox only: `https://api.example.com` and
 *   `https://auth.example.com` are the sandbox's API and auth origins, `/my-backend/catalog-token`
 *   answers `{ access_token }` like an app's backend would; any other URL fails the block.
 *   `console.log` is collected, not printed.
 * - A block that is not meant to run is not a ```ts block: use ```sh for commands, ```tsx for JSX
 *   fragments, or keep a larger example in examples/ with a test of its own.
 *
 * - It type-checks as the repository's code does (strict tsconfig): a name used but neither
 *   imported, declared nor in the preamble is an error, named by file and line.
 *
 * Each block becomes .tmp/docs-examples/<file>-<line>.ts (gitignored), is type-checked, and is
 * imported; a failure names the Markdown file and line (the block's first line of code, or the
 * line of a type error).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

import ts from 'typescript';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as context from './docs/context.js';
import { type RedisServer, startRedis } from './helpers/redis-server.js';

const ROOT = new URL('../', import.meta.url);
const OUT = new URL('.tmp/docs-examples/', ROOT);
/** Where the generated modules find what the examples import. */
const SPECIFIERS: Record<string, string> = {
  'price-catalog': '../../test/docs/price-catalog.js',
  'price-catalog/query': '../../src/query/index.js',
  'price-catalog/otel': '../../src/otel/index.js',
  'price-catalog/testing': '../../test/docs/testing.js',
  'price-catalog/testing/msw': '../../test/docs/testing-msw.js',
  'price-catalog/file': '../../test/docs/file.js',
  'price-catalog/redis': '../../src/redis/index.js',
  'msw/node': '../../test/docs/msw-node.js',
  'price-catalog/server': '../../src/server/index.js',
};
/** What a block may `declare const` and get from the docs context: what only the reader's app has. */
const SUPPLIED = new Set([
  'request',
  'callbackUrl',
  'redirectUri',
  'signal',
  'db',
  'userId',
  'tokenStore',
  'onTokens',
  'sandbox',
  'token',
]);

interface Example {
  /** `docs/pagination.md:6`: the file and the line of the block's first line of code. */
  where: string;
  file: string;
  line: number;
  module: URL;
  /** Maps a line of the generated module (0-based) to the Markdown line it came from. */
  sourceLine: (moduleLine: number) => number;
}

function docFiles(): string[] {
  const docs = readdirSync(new URL('docs/', ROOT))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

interface Block {
  line: number;
  code: string;
  preamble: boolean;
}

/** The ```ts blocks of a Markdown file (``` fences at the start of a line). */
function tsBlocks(file: string): Block[] {
  const lines = readFileSync(new URL(file, ROOT), 'utf8').split('\n');
  const blocks: Block[] = [];
  let open: { line: number; code: string[]; preamble: boolean } | undefined;
  lines.forEach((text, index) => {
    if (open) {
      if (/^```\s*$/.test(text)) {
        blocks.push({ line: open.line, code: open.code.join('\n'), preamble: open.preamble });
        open = undefined;
      } else open.code.push(text);
    } else {
      const fence = /^```(ts|typescript)( preamble)?\s*$/.exec(text);
      if (fence) open = { line: index + 2, code: [], preamble: fence[2] !== undefined };
    }
  });
  if (open) throw new Error(`${file}:${open.line - 1}: a \`\`\`ts block is never closed`);
  return blocks;
}

/**
 * The block (after its file's preamble) as a module: its imports hoisted and redirected, the names
 * it declares for the context imported from it, its code in a block scope. Nothing else is in
 * scope: a name the reader cannot see declared fails the type-check.
 */
function toModule(where: string, code: string): string {
  const source = ts.createSourceFile('example.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const imports: string[] = [];
  const named = new Map<string, Set<string>>();
  const supplied: string[] = [];
  let body = code;
  const blank = (text: string) => {
    // Blank the statement where it stood, keeping the line count.
    body = body.replace(text, text.replace(/[^\n]/g, ' '));
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const text = statement.getText(source);
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      const target = SPECIFIERS[specifier] ?? specifier;
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      if (clause && !clause.name && bindings && ts.isNamedImports(bindings)) {
        // Named imports merge per module: a block may import again what its preamble imports.
        const names = named.get(target) ?? new Set<string>();
        for (const e of bindings.elements)
          names.add(
            `${clause.isTypeOnly || e.isTypeOnly ? 'type ' : ''}${e.getText(source).replace(/^type /, '')}`,
          );
        named.set(target, names);
      } else {
        const line = text.replace(/(['"])[^'"]+\1\s*;?\s*$/, `'${target}';`);
        if (!imports.includes(line)) imports.push(line);
      }
      blank(text);
      continue;
    }
    const declared =
      ts.isVariableStatement(statement) &&
      ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword);
    if (!declared) continue;
    const names = statement.declarationList.declarations.map((d) => d.name.getText(source));
    const unknown = names.filter((name) => !SUPPLIED.has(name));
    if (unknown.length > 0)
      throw new Error(
        `${where}: \`declare const ${unknown.join(', ')}\`: the docs context supplies only ${[...SUPPLIED].join(', ')}`,
      );
    supplied.push(...names);
    blank(statement.getText(source));
  }
  for (const [target, names] of named) {
    // A name imported both as a type and as a value is the value's import.
    const values = new Set([...names].filter((n) => !n.startsWith('type ')));
    const list = [...names].filter((n) => !(n.startsWith('type ') && values.has(n.slice(5))));
    imports.push(`import { ${list.join(', ')} } from '${target}';`);
  }
  return [
    `// Generated from ${where} by test/docs-examples.test.ts: edit the Markdown, not this file.`,
    ...imports,
    `import { ${['console', ...supplied].join(', ')} } from '../../test/docs/context.js';`,
    '{',
    body,
    '}',
    '',
  ].join('\n');
}

function examples(): Example[] {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  return docFiles().flatMap((file) => {
    let preamble: Block | undefined;
    return tsBlocks(file).flatMap((block) => {
      if (block.preamble) {
        preamble = block;
        return [];
      }
      const where = `${file}:${block.line}`;
      const module = new URL(`${file.replace(/[/.]/g, '-')}-${block.line}.ts`, OUT);
      const before = preamble ? `${preamble.code}\n` : '';
      const text = toModule(where, before + block.code);
      writeFileSync(module, text);
      const bodyStart = text.split('\n').indexOf('{') + 1;
      const preambleLines = preamble ? preamble.code.split('\n').length : 0;
      const first = preamble;
      const sourceLine = (moduleLine: number) => {
        const at = moduleLine - bodyStart;
        return first && at < preambleLines ? first.line + at : block.line + at - preambleLines;
      };
      return [{ where, file, line: block.line, module, sourceLine }];
    });
  });
}

const all = examples();

describe('docs examples run against the sandbox', () => {
  // The examples of price-catalog/redis connect to REDIS_URL: a throwaway redis-server here.
  let redis: RedisServer | undefined;
  beforeAll(async () => {
    redis = await startRedis();
    process.env.REDIS_URL = redis.url;
  });
  afterAll(async () => {
    delete process.env.REDIS_URL;
    await redis?.stop();
  });
  beforeEach(() => {
    context.setup();
    vi.stubGlobal('fetch', context.fetch);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await context.teardown();
  });

  it('finds the ```ts blocks of README.md and docs/', () => {
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(all.some((e) => e.where.startsWith('README.md:'))).toBe(true);
  });

  it('every example type-checks (strict, as the repository compiles)', () => {
    const config = ts.getParsedCommandLineOfConfigFile(new URL('tsconfig.json', ROOT).pathname, undefined, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    });
    const files = all.map((example) => example.module.pathname);
    const program = ts.createProgram(files, { ...config!.options, noEmit: true });
    const problems = all.flatMap((example) => {
      const source = program.getSourceFile(example.module.pathname)!;
      return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
        (d) => {
          const line = example.sourceLine(source.getLineAndCharacterOfPosition(d.start ?? 0).line);
          return `${example.file}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
        },
      );
    });
    expect(problems).toEqual([]);
  }, 180_000);

  it.each(all.map((example) => [example.where, example] as const))('%s', async (where, example) => {
    try {
      await import(/* @vite-ignore */ example.module.href);
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(`The example at ${where} failed: ${message}\n(generated: ${example.module.pathname})`, {
        cause: error,
      });
    }
  });
});
