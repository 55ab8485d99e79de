/**
 * Every ```ts block of README.md and docs/*.md runs here against the sandbox, so the docs cannot
 * drift from the SDK. The convention a docs example is written to:
 *
 * - A block runs on its own, as an ES module with top-level await. It may import from
 *   `price-catalog`, `price-catalog/testing` and `price-catalog/server` (resolved to the source
 *   entry points) and from `msw/node`; a server it starts (`sandbox.listen`, msw `server.listen`) is closed after it.
 * - Names it uses without declaring come from the docs context (test/docs/context.ts), a fresh
 *   sandbox per block: every value export of `price-catalog` and `price-catalog/testing`, `api` (a
 *   client on the sandbox with application credentials), `sandbox`, `baseUrl`, `authUrl`,
 *   `clientId`, `clientSecret`, `token` (an application token), `redirectUri`, `callbackUrl` and
 *   `request.url` (the user's approval of this client's last authorization URL, as the sandbox
 *   answers it), `signal` (aborted 300 ms in, for endless loops such as `notifications.watch`),
 *   `tokenStore`, `onTokens`, `db`, `userId`. `process.env.CLIENT_ID`, `CLIENT_SECRET` and
 *   `CATALOG_TOKEN` hold the sandbox's values.
 * - fetch (given or global) reaches the sandbox only: `https://api.example.com` and
 *   `https://auth.example.com` are the sandbox's API and auth origins, `/my-backend/catalog-token`
 *   answers `{ access_token }` like an app's backend would; any other URL fails the block.
 *   `console.log` is collected, not printed.
 * - A block that is not meant to run is not a ```ts block: use ```sh for commands, or keep a larger
 *   example in examples/ with a test of its own.
 *
 * - It type-checks as the repository's code does (strict tsconfig), with the context's types and
 *   every type export of both entry points in scope.
 *
 * Each block becomes .tmp/docs-examples/<file>-<line>.ts (gitignored), is type-checked, and is
 * imported; a failure names the Markdown file and line (the block's first line of code, or the
 * line of a type error).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as context from './docs/context.js';
import * as sdk from './docs/price-catalog.js';
import * as testing from './docs/testing.js';

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
  'msw/node': '../../test/docs/msw-node.js',
  'price-catalog/server': '../../src/server/index.js',
};
/** The context's own machinery, not for examples. */
const CONTEXT_INTERNALS = new Set([
  'setup',
  'teardown',
  'wrapClient',
  'printed',
  'EXAMPLE_API',
  'EXAMPLE_AUTH',
  'BACKEND_TOKEN_PATH',
  'CONTEXT_CODE',
]);

interface Example {
  /** `docs/pagination.md:6`: the file and the line of the block's first line of code. */
  where: string;
  file: string;
  line: number;
  module: URL;
  /** The generated module's line (0-based) of the block's first line of code. */
  bodyStart: number;
}

/**
 * The names a module exports, followed through `export *` / `export type *` (parsed, not
 * type-checked: cheap enough to run while the tests are collected).
 */
function exportedNames(file: URL, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file.href)) return names;
  seen.add(file.href);
  const source = ts.createSourceFile(file.pathname, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause)) for (const e of clause.elements) names.add(e.name.text);
      else if (!clause && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
        const target = new URL(statement.moduleSpecifier.text.replace(/\.js$/, '.ts'), file);
        for (const name of exportedNames(target, seen)) names.add(name);
      }
      continue;
    }
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (!exported) continue;
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name)) names.add(d.name.text);
    } else if (
      (ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isFunctionDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.add(statement.name.text);
    }
  }
  return names;
}

/** Type-only exports of the two entry points, for examples that name a type (`TokenStore`). */
const TYPE_NAMES = {
  sdk: [...exportedNames(new URL('src/index.ts', ROOT))].filter((name) => !(name in sdk)),
  testing: [...exportedNames(new URL('src/sandbox/index.ts', ROOT))].filter((name) => !(name in testing)),
};

function docFiles(): string[] {
  const docs = readdirSync(new URL('docs/', ROOT))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** The ```ts blocks of a Markdown file (``` fences at the start of a line). */
function tsBlocks(file: string): { line: number; code: string }[] {
  const lines = readFileSync(new URL(file, ROOT), 'utf8').split('\n');
  const blocks: { line: number; code: string }[] = [];
  let open: { line: number; code: string[] } | undefined;
  lines.forEach((text, index) => {
    if (open) {
      if (/^```\s*$/.test(text)) {
        blocks.push({ line: open.line, code: open.code.join('\n') });
        open = undefined;
      } else open.code.push(text);
    } else if (/^```(ts|typescript)\s*$/.test(text)) open = { line: index + 2, code: [] };
  });
  if (open) throw new Error(`${file}:${open.line - 1}: a \`\`\`ts block is never closed`);
  return blocks;
}

/** The block as a module: its imports hoisted and redirected, the context's names, its code in a block scope. */
function toModule(where: string, code: string): string {
  const source = ts.createSourceFile('example.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const imports: string[] = [];
  const imported = new Set<string>();
  let body = code;
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const text = statement.getText(source);
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    const target = SPECIFIERS[specifier];
    imports.push(target ? text.replace(/(['"])[^'"]+\1\s*;?\s*$/, `'${target}';`) : text);
    const clause = statement.importClause;
    if (clause?.name) imported.add(clause.name.text);
    const bindings = clause?.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) imported.add(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) imported.add(e.name.text);
    // Blank the import where it stood, keeping the line count.
    body = body.replace(text, text.replace(/[^\n]/g, ' '));
  }
  const names = (module: object, skip: Set<string> = new Set()) =>
    Object.keys(module).filter((name) => name !== 'default' && !skip.has(name) && !imported.has(name));
  const fromContext = names(context, CONTEXT_INTERNALS);
  const taken = new Set([...fromContext, ...imported]);
  const fromSdk = names(sdk, taken);
  for (const name of fromSdk) taken.add(name);
  const fromTesting = names(testing, taken);
  for (const name of fromTesting) taken.add(name);
  const sdkTypes = TYPE_NAMES.sdk.filter((name) => !taken.has(name));
  for (const name of sdkTypes) taken.add(name);
  const testingTypes = TYPE_NAMES.testing.filter((name) => !taken.has(name));
  return [
    `// Generated from ${where} by test/docs-examples.test.ts: edit the Markdown, not this file.`,
    ...imports,
    `import { ${fromContext.join(', ')} } from '../../test/docs/context.js';`,
    `import { ${fromSdk.join(', ')} } from '${SPECIFIERS['price-catalog']}';`,
    `import { ${fromTesting.join(', ')} } from '${SPECIFIERS['price-catalog/testing']}';`,
    `import type { ${sdkTypes.join(', ')} } from '${SPECIFIERS['price-catalog']}';`,
    `import type { ${testingTypes.join(', ')} } from '${SPECIFIERS['price-catalog/testing']}';`,
    '{',
    body,
    '}',
    '',
  ].join('\n');
}

function examples(): Example[] {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  return docFiles().flatMap((file) =>
    tsBlocks(file).map(({ line, code }) => {
      const where = `${file}:${line}`;
      const module = new URL(`${file.replace(/[/.]/g, '-')}-${line}.ts`, OUT);
      const text = toModule(where, code);
      writeFileSync(module, text);
      return { where, file, line, module, bodyStart: text.split('\n').indexOf('{') + 1 };
    }),
  );
}

const all = examples();

describe('docs examples run against the sandbox', () => {
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
          const at = source.getLineAndCharacterOfPosition(d.start ?? 0).line - example.bodyStart;
          return `${example.file}:${example.line + at}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
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
