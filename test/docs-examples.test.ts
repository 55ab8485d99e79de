/**
 * Every runnable block of README.md and docs/*.md runs here where a reader runs it: in a fresh
 * project outside the clone, made the way README's Install says (`npm init -y`, the package from
 * the tarball of `npm pack`, what the page's own commands add), so the docs cannot drift from the
 * package as published. The convention a docs example is written to:
 *
 * - A ```ts block runs as written with `npx tsx <file>.ts`, a ```js block with `node <file>.mjs`,
 *   in a project where `npm init -y` ran (npm 11 writes `"type": "commonjs"`), then the page's
 *   `npm pkg set` commands (`npm pkg set type=module` for top-level await), then `npm install` of
 *   the tarball and of the packages the page's `npm install` commands name (`npm install -D tsx`
 *   for ```ts blocks): nothing else is installed, and the clone's node_modules are out of reach.
 *   A block fenced with a second word (```` ```js browser ````) is shown, not run.
 * - It reads the API's URLs and credentials from the variables `npx price-catalog-sandbox` prints
 *   (`PRICE_CATALOG_BASE_URL`, `PRICE_CATALOG_AUTH_URL`, `PRICE_CATALOG_CLIENT_ID`,
 *   `PRICE_CATALOG_CLIENT_SECRET`, `PRICE_CATALOG_TOKEN`, `PRICE_CATALOG_STATE_DIR`:
 *   src/sandbox/environment.ts), or starts its own sandbox (`createSandbox()` from
 *   `price-catalog/testing`). Each block gets a fresh sandbox on loopback and a shell's
 *   environment with exactly those variables (plus `PATH` and `HOME`); reading any other fails.
 * - Each page with blocks says in one line, starting `**Against the sandbox:**`, how to run it:
 *   the project's setup and the sandbox; a variable of its own that line asks to export (`export
 *   PRICE_CATALOG_REDIS_URL=...`) is set too (here: a throwaway redis-server).
 * - The page's `npm install` commands name every package its blocks import (price-catalog itself
 *   aside), and the peer an imported entry needs (`price-catalog/redis`: ioredis).
 * - A block is complete as a reader sees it: no stand-ins (`declare const`), it imports what it
 *   uses, and its process ends by itself (it closes the servers and clients it opens).
 * - A page may show a preamble once: a block fenced ```` ```ts preamble ````. It runs before
 *   each later block of that page (e.g. the `api` every example of the page uses).
 * - The global fetch reaches the block's sandbox only (test/docs/fetch-guard.mjs); any other URL
 *   fails the block.
 * - A ```ts block type-checks (strict) against the package's published types in its project.
 *
 * A failure names the Markdown file and line (the block's first line of code, or the line of a
 * type error) and the file it ran as.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_ENVIRONMENT_NAMES, sandboxEnvironment } from '../src/sandbox/environment.js';
import { createSandbox } from '../src/sandbox/index.js';
import { type Block, docFiles, ROOT, runnableBlocks } from './docs/blocks.js';
import {
  ENTRY_PEERS,
  environmentReads,
  installedPackages,
  neededPackages,
  packageSettings,
  SANDBOX_LINE,
  sandboxLines,
} from './docs/pages.js';
import { fresh } from './docs/projects.js';
import { fileOf, runBlock } from './docs/run.js';
import { type RedisServer, startRedis } from './helpers/redis-server.js';

const all = runnableBlocks();

/** The pages with blocks, with their Markdown. */
const pages = [...new Set(all.map((block) => block.file))].map((file) => ({
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

  it('no block declares a stand-in for what it does not have', () => {
    const problems = all.flatMap((block) =>
      block.code
        .split('\n')
        .flatMap((text, index) =>
          /^\s*declare\s+(const|let|var|function)\b/.test(text)
            ? [`${block.file}:${block.sourceLine(index + 1)}: \`${text.trim()}\`: make it real code`]
            : [],
        ),
    );
    expect(problems).toEqual([]);
  });
});

const setupOf = (file: string) => {
  const markdown = readFileSync(new URL(file, ROOT), 'utf8');
  // price-catalog itself comes from the tarball (README's `npm install price-catalog` is for later).
  const packages = [...installedPackages(markdown)]
    .filter(([name]) => name !== 'price-catalog')
    .map(([, word]) => word);
  return { settings: packageSettings(markdown), packages: packages.sort() };
};
/** The fresh projects, made once for the run: one per distinct page setup. */
const projects = fresh(pages.map(({ file }) => setupOf(file)));
let made: Promise<Map<string, string>> | undefined;
/** Each page's project directory (pages with the same setup share one). */
function projectsOfPages(): Promise<Map<string, string>> {
  made ??= Promise.all(pages.map(async ({ file }) => [file, await projects.of(setupOf(file))] as const)).then(
    (entries) => new Map(entries),
  );
  return made;
}
// Thousands of files (OpenTelemetry's tree): their removal may take a while on a busy machine.
afterAll(() => projects.remove(), 120_000);

describe.concurrent('docs blocks run in a fresh project against a started sandbox', () => {
  // The examples of price-catalog/redis connect to PRICE_CATALOG_REDIS_URL: a throwaway redis-server here.
  let redis: RedisServer | undefined;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
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

  // Blocks sharing the one Redis (its keys and channels) run one at a time; the others side by side.
  let redisTurn: Promise<unknown> = Promise.resolve();
  async function inTurn<T>(shared: boolean, work: () => Promise<T>): Promise<T> {
    if (!shared) return work();
    const result = redisTurn.then(work);
    redisTurn = result.catch(() => {});
    return result;
  }

  it.each(all.map((block) => [block.where, block] as const))(
    '%s',
    async (where, block: Block) => {
      const project = (await projectsOfPages()).get(block.file)!;
      const own = extras(block.file);
      await inTurn(Object.keys(own).length > 0, async () => {
        const sandbox = createSandbox();
        const server = await sandbox.listen({ host: '127.0.0.1', port: 0 });
        const stateDir = mkdtempSync(join(tmpdir(), 'price-catalog-docs-state-'));
        try {
          const environment = {
            ...sandboxEnvironment({
              baseUrl: server.baseUrl,
              authUrl: server.authUrl,
              clientId: sandbox.clientId,
              clientSecret: sandbox.clientSecret,
              token: sandbox.issueToken(),
              stateDir,
            }),
            ...own,
          };
          const outcome = await runBlock(project, block, environment, {
            origin: new URL(server.url).origin,
            timeoutMs: 150_000,
          });
          const ran = `${block.language === 'ts' ? 'npx tsx' : 'node'} ${join(project, fileOf(block))}`;
          if (outcome.timedOut)
            throw new Error(
              `The example at ${where} did not end within 150 s (a server or client left open?): ${ran}\n${outcome.output}`,
            );
          if (outcome.code !== 0)
            throw new Error(
              `The example at ${where} failed (exit ${outcome.code}): ${ran}\n${outcome.output}`,
            );
          // Ending well is not enough: a block that logs must have reached its logging (a loop
          // that never ran, a branch never taken), and what it prints holds no stack trace,
          // warning or NaN of a failure it caught.
          const silent = /\bconsole\.\w+\(/.test(block.code) && outcome.output.trim() === '';
          expect(silent, `${where} logs, but printed nothing: ${ran}`).toBe(false);
          expect(outcome.output, `${where} printed a failure: ${ran}`).not.toMatch(
            /^\s+at .+:\d+:\d+\)?$|\(node:\d+\) \w*Warning|\bNaN\b/m,
          );
        } finally {
          await server.close();
          rmSync(stateDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
        }
      });
    },
    600_000, // the first blocks of a page wait for its project's install
  );
});

// After the runs: they start as soon as their page's project is there; this waits for all.
describe('docs blocks in a fresh project', () => {
  beforeAll(async () => {
    await projectsOfPages();
  }, 600_000);

  it('every ```ts block type-checks (strict) against the published types', async () => {
    const directories = await projectsOfPages();
    const typeRoots = [new URL('node_modules/@types', ROOT).pathname];
    const problems: string[] = [];
    // The files the projects share (TypeScript's lib files, the clone's @types/node) are parsed once.
    const parsed = new Map<string, ts.SourceFile | undefined>();
    const host = ts.createCompilerHost({});
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version, ...rest) => {
      const key = `${name}:${JSON.stringify(version)}`;
      if (!parsed.has(key)) parsed.set(key, read(name, version, ...rest));
      return parsed.get(key);
    };
    for (const project of new Set(directories.values())) {
      const blocks = all.filter(
        (block) => block.language === 'ts' && directories.get(block.file) === project,
      );
      const files = new Map(blocks.map((block) => [join(project, fileOf(block)), block]));
      for (const [path, block] of files) ts.sys.writeFile(path, `${block.code}\n`);
      const program = ts.createProgram(
        [...files.keys()],
        {
          strict: true,
          noUncheckedIndexedAccess: true,
          target: ts.ScriptTarget.ES2022,
          lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
          module: ts.ModuleKind.NodeNext,
          moduleResolution: ts.ModuleResolutionKind.NodeNext,
          types: ['node'],
          typeRoots,
          skipLibCheck: true,
          noEmit: true,
        },
        host,
      );
      for (const [path, block] of files) {
        const source = program.getSourceFile(path)!;
        for (const d of [
          ...program.getSyntacticDiagnostics(source),
          ...program.getSemanticDiagnostics(source),
        ]) {
          const line = source.getLineAndCharacterOfPosition(d.start ?? 0).line + 1;
          problems.push(
            `${block.file}:${block.sourceLine(line)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
