/**
 * Every ```ts block of README.md and docs/*.md runs here against a started sandbox, so the docs
 * cannot drift from the SDK. The convention a docs example is written to:
 *
 * - A block runs as written against `npx price-catalog-sandbox`: it reads the API's URLs and
 *   credentials from the variables that command prints (`PRICE_CATALOG_BASE_URL`,
 *   `PRICE_CATALOG_AUTH_URL`, `PRICE_CATALOG_CLIENT_ID`, `PRICE_CATALOG_CLIENT_SECRET`,
 *   `PRICE_CATALOG_TOKEN`, `PRICE_CATALOG_STATE_DIR`: src/sandbox/environment.ts, the CLI's names),
 *   or starts its own sandbox (`createSandbox()` from `price-catalog/testing`). Each block gets a
 *   fresh sandbox listening on loopback and exactly those variables: the SDK's other `PRICE_CATALOG_*`
 *   variables and the names the docs used before (`CLIENT_ID`, `CATALOG_TOKEN`, `REDIS_URL`, ...)
 *   are unset while it runs, and a block that reads any other variable fails before it runs.
 * - Each page with blocks says in one line, starting `**Against the sandbox:**`, how to run it
 *   against the sandbox; a variable of its own that line asks to export (`export
 *   PRICE_CATALOG_REDIS_URL=...`) is set too (here: a throwaway redis-server).
 * - The page's `npm install` commands name every package its blocks import (price-catalog itself
 *   aside: README's Install), and the peer an imported entry needs (`price-catalog/redis`: ioredis).
 * - A block is complete as a reader sees it: it imports what it uses and declares its own names.
 *   It runs as an ES module with top-level await; a server it starts (`sandbox.listen`, msw
 *   `server.listen`) is closed after it.
 * - A file may show a preamble once: a block fenced as ```` ```ts preamble ````. It runs before
 *   each later block of that file (e.g. the `api` every example of the page uses).
 * - What only the reader's own app has (the framework's `request`, the callback URL the user came
 *   back on, an `AbortSignal` that ends a loop, the app's database) is declared where it is used,
 *   with `declare const name: Type;`, and the docs context (test/docs/context.ts) supplies it:
 *   `request`, `callbackUrl`, `redirectUri`, `signal` (aborted 300 ms in), `db`, `userId`,
 *   `tokenStore`, `onTokens`. Nothing that reaches the sandbox is supplied that way.
 * - The global fetch reaches the started sandbox only; any other URL fails the block.
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
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SANDBOX_ENVIRONMENT_NAMES } from '../src/sandbox/environment.js';
import * as context from './docs/context.js';
import {
  ENTRY_PEERS,
  environmentReads,
  installedPackages,
  neededPackages,
  SANDBOX_LINE,
  sandboxLines,
} from './docs/pages.js';
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
  'price-catalog/file': '../../src/file/index.js',
  'price-catalog/redis': '../../src/redis/index.js',
  'msw/node': '../../test/docs/msw-node.js',
  'price-catalog/server': '../../src/server/index.js',
  'price-catalog/watch': '../../src/watch/index.js',
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
]);

interface Example {
  /** `docs/pagination.md:6`: the file and the line of the block's first line of code. */
  where: string;
  file: string;
  line: number;
  module: URL;
  /** The code as it runs: the page's preamble and the block. */
  code: string;
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
      return [{ where, file, line: block.line, module, code: before + block.code, sourceLine }];
    });
  });
}

const all = examples();

/** The pages with blocks, with their Markdown. */
const pages = [...new Set(all.map((example) => example.file))].map((file) => ({
  file,
  markdown: readFileSync(new URL(file, ROOT), 'utf8'),
}));

/** The variables a page's blocks may read: the sandbox's, and those its sandbox line asks for. */
function allowedVariables(file: string): Set<string> {
  const markdown = readFileSync(new URL(file, ROOT), 'utf8');
  return new Set([...SANDBOX_ENVIRONMENT_NAMES, ...sandboxLines(markdown).flatMap((line) => line.extras)]);
}

describe('docs pages run as written against the sandbox', () => {
  it('finds the ```ts blocks of README.md and docs/', () => {
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(all.some((e) => e.where.startsWith('README.md:'))).toBe(true);
  });

  it('each page with examples says in one line how to run it against the sandbox', () => {
    const problems = pages.flatMap(({ file, markdown }) => {
      const lines = sandboxLines(markdown);
      if (lines.length !== 1)
        return [`${file}: ${lines.length} lines start with ${SANDBOX_LINE} (one expected)`];
      const [line] = lines as [(typeof lines)[0]];
      const readsEnvironment = all.some((e) => e.file === file && environmentReads(e.code).length > 0);
      return readsEnvironment && !line.text.includes('`npx price-catalog-sandbox`')
        ? [
            `${file}:${line.line}: its examples read the environment, and the line does not say \`npx price-catalog-sandbox\``,
          ]
        : [];
    });
    expect(problems).toEqual([]);
  });

  it('each example reads only the variables the sandbox prints (or its page line asks to export)', () => {
    const problems = all.flatMap((example) => {
      const allowed = allowedVariables(example.file);
      return environmentReads(example.code)
        .filter((name) => !allowed.has(name))
        .map((name) =>
          name === 'process.env'
            ? `${example.where}: reads process.env other than by a literal name`
            : `${example.where}: reads ${name}, which \`npx price-catalog-sandbox\` does not print (${[...allowed].join(', ')})`,
        );
    });
    expect(problems).toEqual([]);
  });

  it("each page's npm install commands name every package its examples import", () => {
    const problems = pages.flatMap(({ file, markdown }) => {
      const installed = installedPackages(markdown);
      return all
        .filter((example) => example.file === file)
        .flatMap((example) =>
          neededPackages(example.code)
            .filter((name) => !installed.has(name))
            .map((name) => `${example.where}: imports ${name}, which no \`npm install\` of ${file} names`),
        );
    });
    expect([...new Set(problems)]).toEqual([]);
  });

  it('the peers the install check expects are the package’s optional peer dependencies', () => {
    const manifest = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as {
      peerDependencies: Record<string, string>;
    };
    for (const peer of Object.values(ENTRY_PEERS))
      expect(Object.keys(manifest.peerDependencies)).toContain(peer);
  });

  it('README, docs and examples name the environment as the CLI reads it', () => {
    const sources = readdirSync(new URL('src/', ROOT), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => readFileSync(new URL(`src/${name}`, ROOT), 'utf8'))
      .join('\n');
    const examples = readdirSync(new URL('examples/', ROOT), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx|mjs|js|md)$/.test(name))
      .map((name) => `examples/${name}`);
    const problems = [...docFiles(), ...examples].flatMap((file) => {
      const text = readFileSync(new URL(file, ROOT), 'utf8');
      return text.split('\n').flatMap((line, index) => [
        // A PRICE_CATALOG_ name the SDK, its CLI or the sandbox's command does not know.
        ...[...line.matchAll(/\bPRICE_CATALOG_[A-Z_]*[A-Z]\b/g)]
          .filter(([name]) => !sources.includes(`'${name}'`) && !sources.includes(`.${name}`))
          .map(([name]) => `${file}:${index + 1}: ${name} is read by nothing in src/`),
        // The names used before the CLI's.
        ...[
          ...line.matchAll(
            /(?<!\w)(CLIENT_ID|CLIENT_SECRET|CATALOG_TOKEN|API_BASE_URL|AUTH_URL|REDIS_URL|REDIS_PREFIX)\b/g,
          ),
        ].map(
          ([name]) =>
            `${file}:${index + 1}: ${name} is not the CLI's name (PRICE_CATALOG_${name.replace(/^(API_|CATALOG_)/, '')})`,
        ),
      ]);
    });
    expect(problems).toEqual([]);
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
});

describe('docs examples run against a started sandbox', () => {
  // The examples of price-catalog/redis connect to PRICE_CATALOG_REDIS_URL: a throwaway redis-server here.
  let redis: RedisServer | undefined;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });
  afterEach(async () => {
    // The example's servers first: msw's gives back the fetch it found, which the stub then restores.
    await context.teardown();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** The values of what a page's sandbox line asks to export beside the sandbox's variables. */
  function extras(file: string): Record<string, string> {
    const markdown = readFileSync(new URL(file, ROOT), 'utf8');
    const names = sandboxLines(markdown).flatMap((line) => line.extras);
    return Object.fromEntries(
      names.map((name) => {
        if (name === 'PRICE_CATALOG_REDIS_URL' && redis) return [name, redis.url];
        throw new Error(`${file}: the docs test has no value for ${name}, which its sandbox line exports`);
      }),
    );
  }

  it.each(all.map((example) => [example.where, example] as const))('%s', async (where, example) => {
    await context.setup(extras(example.file));
    vi.stubGlobal('fetch', context.fetch);
    // OpenTelemetry's console exporters print with console.dir: collected, not printed.
    vi.spyOn(globalThis.console, 'dir').mockImplementation((item) => void context.printed.push([item]));
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
