import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installPacked } from '../../scripts/size.mjs';
import { createClient } from '../../src/index.js';
import { consumerTypeErrors } from '../helpers/consumer-types.js';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url);

describe('the built package', () => {
  for (const file of ['esm.mjs', 'cjs.cjs']) {
    it(`loads by name and calls the sandbox (${file})`, async () => {
      const { stdout } = await run(process.execPath, [`test/package/${file}`], { cwd: root });
      expect(JSON.parse(stdout)).toEqual({ parent_id: 0, missing: true, calls: 2 });
    });
  }
});

describe('answer checks by runtime', () => {
  /** test/package/checks.mjs with node's `flags`: the entry it loaded and what it made of two pages. */
  async function checks(
    flags: string[],
  ): Promise<{ entry: string; items: number; typed: boolean; issues: string[] }> {
    const { stdout } = await run(process.execPath, [...flags, 'test/package/checks.mjs'], { cwd: root });
    return JSON.parse(stdout);
  }

  it('Node, Node refusing code from text (zod without its JIT) and the browser condition: the same verdicts', async () => {
    const [node, refused, browser] = await Promise.all([
      checks([]),
      checks(['--disallow-code-generation-from-strings']),
      checks(['--conditions=browser']),
    ]);
    expect([node.entry, refused.entry, browser.entry]).toEqual(['index.js', 'index.js', 'index.js']);
    expect(node).toMatchObject({ items: 25, typed: true });
    expect(node.issues).toEqual([
      'skus.1.price_min: expected number, received string',
      'skus.2.name: expected string, received null',
      'skus.3.id: expected number, received undefined',
      'skus.4: expected object, received array',
      'skus.5.images: expected object, received string',
      'meta.pagination.total_results: expected number, received undefined',
      'meta.pagination.total_pages: expected number, received undefined',
      'meta.pagination.page: expected number, received string',
      'meta.pagination.per: expected number, received undefined',
    ]);
    expect(refused).toEqual(node);
    expect(browser).toEqual(node);
  });
});

describe('price-catalog-sandbox command', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGTERM');
  });

  it('serves the API on loopback for a client using the global fetch', async () => {
    child = spawn(process.execPath, ['dist/testing/cli.js', '--port', '0'], { cwd: root });
    const output = await new Promise<string>((resolve, reject) => {
      let text = '';
      child?.stdout?.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        if (/^# users:/m.test(text)) resolve(text);
      });
      child?.on('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${text}`)));
    });
    // The export lines it prints, as a shell would set them.
    const env = (name: string) => new RegExp(`^export ${name}=(\\S+)$`, 'm').exec(output)?.[1];
    const api = createClient({
      baseUrl: env('PRICE_CATALOG_BASE_URL') as string,
      authUrl: env('PRICE_CATALOG_AUTH_URL'),
      clientId: env('PRICE_CATALOG_CLIENT_ID'),
      clientSecret: env('PRICE_CATALOG_CLIENT_SECRET'),
    });
    const { data, response } = await api.catalog.categories.root().withResponse();
    expect(data.parent_id).toBe(0);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect((await api.catalog.manufacturers.list().toArray()).length).toBe(40);
  });
});

describe('the packed package, installed outside the repository', () => {
  let installed = '';
  beforeAll(() => {
    installed = installPacked().dir;
  }, 180_000);

  const repo = fileURLToPath(root);

  it('installs zod alone, and its CLI runs from the install with no CLI library there', async () => {
    const manifest = JSON.parse(
      readFileSync(join(installed, 'node_modules', 'price-catalog', 'package.json'), 'utf8'),
    ) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).toEqual(['zod']);
    const modules = readdirSync(join(installed, 'node_modules')).filter((name) => !name.startsWith('.'));
    expect(modules.sort()).toEqual(['price-catalog', 'zod']);
    const { stdout } = await run('npx', ['--no-install', 'price-catalog', '--help'], {
      cwd: installed,
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    expect(stdout).toMatch(/^Usage: price-catalog \[options\] \[command\]/);
    expect(stdout).toContain('export');
    const { stdout: exportHelp } = await run('npx', ['--no-install', 'price-catalog', 'export', '--help'], {
      cwd: installed,
    });
    expect(exportHelp).toContain('--format');
  });

  it.each([
    ['node16, ESM', 'module', { module: 'node16', moduleResolution: 'node16' }],
    ['node16, CommonJS: the .d.cts types', 'commonjs', { module: 'node16', moduleResolution: 'node16' }],
    ['bundler', 'module', { module: 'esnext', moduleResolution: 'bundler' }],
  ])(
    'type-checks in a consumer project without msw, skipLibCheck off (%s)',
    async (_, type, resolution) => {
      // The consumer has only what the tarball depends on: no msw (an optional peer), no @types/node.
      expect(() => createRequire(join(installed, 'x.js')).resolve('msw')).toThrow();
      // No declaration file imports msw but the msw entry's own (no import to suppress either).
      const dist = join(installed, 'node_modules', 'price-catalog', 'dist');
      const declarations = readdirSync(dist, { recursive: true })
        .map(String)
        .filter((file) => /\.d\.c?ts$/.test(file));
      expect(declarations).toContain(join('testing', 'index.d.ts'));
      const importing = declarations.filter((file) =>
        /from ['"]msw/.test(readFileSync(join(dist, file), 'utf8')),
      );
      expect(importing.sort()).toEqual([join('testing', 'msw.d.cts'), join('testing', 'msw.d.ts')]);
      const project = mkdtempSync(join(installed, 'consumer-'));
      cpSync(join(repo, 'test', 'package', 'consumer'), project, { recursive: true });
      // One deliberate mistake shows the check is real: it must be the only error.
      const { errors } = await consumerTypeErrors(project, {
        type,
        resolution,
        wrong: "import { createClient } from 'price-catalog';\ncreateClient({ baseUrl: 1 });\n",
      });
      rmSync(project, { recursive: true, force: true });
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^wrong\.ts\(2,\d+\): error TS2322/);
    },
    180_000,
  );

  it('bundles price-catalog/testing for the browser as published, without msw and with no --external', async () => {
    // Resolved from the install alone, which has no msw (an optional peer): nothing may need it.
    expect(() => createRequire(join(installed, 'x.js')).resolve('msw')).toThrow();
    const result = await build({
      stdin: {
        contents:
          "import { createSandbox } from 'price-catalog/testing'; export const sandbox = createSandbox();",
        resolveDir: installed,
        loader: 'js',
      },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(Object.keys(result.metafile.inputs).filter((input) => /msw/.test(input))).toEqual([]);
    // Nothing left for the browser to load: no import esbuild had to leave external (node:http was one).
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports);
    expect(imports.filter((entry) => entry.external)).toEqual([]);
    expect(result.outputFiles[0]?.text).toContain('sandbox.test');
  });

  it.each([
    ['a browser', { platform: 'browser' }],
    ['a worker', { platform: 'neutral', conditions: ['worker'] }],
    ['Next.js Edge', { platform: 'neutral', conditions: ['edge-light'] }],
    ['Cloudflare Workers', { platform: 'neutral', conditions: ['workerd', 'worker', 'browser'] }],
  ] as const)(
    'bundles for %s, and the bundle checks answers where code from text is refused (CSP, Workers)',
    async (_, target) => {
      const result = await build({
        stdin: {
          contents: [
            "import { createClient } from 'price-catalog';",
            "const fetch = async () => Response.json({ category: { id: 'seven', name: 'x' } });",
            "const api = createClient({ baseUrl: 'https://api.example.com', token: 't', fetch, cache: false });",
            'const error = await api.catalog.categories.root().catch((e) => e);',
            'console.log(JSON.stringify(error.issues.slice(0, 2)));',
          ].join('\n'),
          resolveDir: installed,
          loader: 'js',
        },
        bundle: true,
        format: 'esm',
        write: false,
        metafile: true,
        logLevel: 'silent',
        platform: target.platform,
        conditions: 'conditions' in target ? [...target.conditions] : [],
      });
      // The one entry every runtime loads: no file of the build is for Node only.
      expect(
        Object.keys(result.metafile.inputs).filter((input) => /price-catalog\/dist\/index\.js$/.test(input)),
      ).toHaveLength(1);
      const dir = mkdtempSync(join(tmpdir(), 'price-catalog-csp-'));
      try {
        const file = join(dir, 'bundle.mjs');
        writeFileSync(file, result.outputFiles[0]?.text ?? '');
        const { stdout } = await run(process.execPath, ['--disallow-code-generation-from-strings', file]);
        expect(JSON.parse(stdout)).toEqual([
          { path: ['category', 'id'], code: 'invalid_type', message: 'expected number, received string' },
          {
            path: ['category', 'children_count'],
            code: 'invalid_type',
            message: 'expected number, received undefined',
          },
        ]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('ships every file the README and docs link to, and no source maps or tests', () => {
    const pkg = join(installed, 'node_modules', 'price-catalog');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const shipped = files(pkg);
    expect(
      shipped.filter((file) => /\.map$|\.test\.|[\\/](test|src)[\\/]/.test(file.slice(pkg.length))),
    ).toEqual([]);
    const documents = shipped.filter((file) => file.endsWith('.md'));
    expect(documents.map((file) => file.slice(pkg.length + 1)).sort()).toEqual(
      expect.arrayContaining(['README.md', 'CHANGELOG.md', 'docs/authentication.md']),
    );
    const broken: string[] = [];
    for (const document of documents) {
      const text = readFileSync(document, 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!target || /^(https?:|mailto:|#)/.test(target)) continue;
        const path = resolve(dirname(document), decodeURI(target.split('#')[0] ?? ''));
        if (!existsSync(path)) broken.push(`${document.slice(pkg.length + 1)} -> ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
