/**
 * A fresh checkout of the repository (its files as they are now, in a new git repository with no
 * remote, with this checkout's node_modules): `npm pack` builds before packing, so the tarball
 * always holds dist/ and both `npx` commands run from it; `npm run docs` needs no `origin`. A new
 * project outside the repository installs the package the two ways the README gives: from the
 * tarball of `npm pack`, and from the checkout's path (its `prepare` builds dist/).
 */
import { execFile } from 'node:child_process';
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
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('../..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('a fresh checkout', () => {
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'price-catalog-checkout-'));
    const { stdout } = await run('git', ['ls-files', '-co', '--exclude-standard'], { cwd: repo });
    for (const file of stdout.split('\n').filter(Boolean)) {
      if (!existsSync(join(repo, file))) continue;
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      cpSync(join(repo, file), join(dir, file));
    }
    symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const git = (...args: string[]) => run('git', args, { cwd: dir });
    await git('init', '-q');
    await git('add', '-A');
    await git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'checkout');
  }, 60_000);
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    for (const app of apps) rmSync(app, { recursive: true, force: true });
  });

  const apps: string[] = [];
  /** A new project in a temporary directory, with the script the README's Install section shows. */
  function newProject(): string {
    const app = mkdtempSync(join(tmpdir(), 'price-catalog-app-'));
    apps.push(app);
    writeFileSync(
      join(app, 'package.json'),
      JSON.stringify({ name: 'my-app', private: true, type: 'module' }),
    );
    writeFileSync(join(app, 'try.mjs'), tryScript);
    return app;
  }
  /** npm as a user runs it in their project: from the npm cache where it can (no registry trip for zod). */
  const npmIn = (cwd: string, ...args: string[]) =>
    run(npm, [...args, '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd,
      env: { ...process.env, npm_config_update_notifier: 'false' },
      maxBuffer: 1 << 26,
    });

  it('npm pack builds first: the tarball holds dist/, and both bin commands run', async () => {
    expect(existsSync(join(dir, 'dist'))).toBe(false);
    const { stdout } = await run(npm, ['pack', '--dry-run', '--json'], { cwd: dir, maxBuffer: 1 << 26 });
    // The build's log comes first on stdout (coloured, with its own brackets); npm's JSON array
    // starts on a line of its own.
    const [packed] = JSON.parse(stdout.slice(stdout.search(/^\[$/m))) as [{ files: { path: string }[] }];
    const files = packed.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining(['dist/index.js', 'dist/cli/bin.js', 'dist/testing/cli.js']),
    );
    const sandbox = await run(process.execPath, [join(dir, 'dist/testing/cli.js'), '--help'], { cwd: dir });
    expect(sandbox.stdout).toContain('Usage: price-catalog-sandbox');
    const cli = await run(process.execPath, [join(dir, 'dist/cli/bin.js'), '--help'], { cwd: dir });
    expect(cli.stdout).toContain('Usage: price-catalog');
  }, 480_000);

  it('npm run docs works without an origin remote', async () => {
    const { stdout: remotes } = await run('git', ['remote'], { cwd: dir });
    expect(remotes.trim()).toBe('');
    const { stdout, stderr } = await run(npm, ['run', 'docs', '--', '--emit', 'none'], { cwd: dir });
    expect(`${stdout}${stderr}`).not.toContain('warning');
  }, 240_000);

  it('a project outside the repository installs the tarball of npm pack, and a script runs against the sandbox', async () => {
    const packs = mkdtempSync(join(tmpdir(), 'price-catalog-tarball-'));
    apps.push(packs);
    const before = readFileSync(join(dir, 'package.json'), 'utf8');
    await run(npm, ['pack', '--pack-destination', packs], { cwd: dir, maxBuffer: 1 << 26 });
    // The checkout's package.json is back as it was, byte for byte.
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe(before);
    expect(existsSync(join(dir, 'package.json.before-pack'))).toBe(false);
    const [tarball] = readdirSync(packs).filter((name) => name.endsWith('.tgz'));
    const app = newProject();
    const installed = await npmIn(app, 'install', join(packs, tarball as string));
    // The packed package.json has no scripts: nothing for an installer to run or warn about.
    const manifest = JSON.parse(
      readFileSync(join(app, 'node_modules', 'price-catalog', 'package.json'), 'utf8'),
    );
    expect(manifest.scripts).toBeUndefined();
    expect(`${installed.stdout}${installed.stderr}`).not.toContain('price-catalog@');
    const { stdout } = await run(process.execPath, ['try.mjs'], { cwd: app });
    expect(JSON.parse(stdout)).toEqual(TRIED);
  }, 240_000);

  it("a project outside the repository installs it from the checkout's path: prepare builds dist/ quietly, and the script runs", async () => {
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    const app = newProject();
    const installed = await npmIn(app, 'install', dir);
    const output = `${installed.stdout}${installed.stderr}`;
    // npm runs a dependency's prepare without showing it; the build's own log (tsup's hundreds
    // of lines) is not in what the user sees: npm's summary and its note on install scripts.
    expect(output).not.toMatch(/ESM Build|DTS Build|CLI Building entry/);
    expect(output.trim().split('\n').length).toBeLessThanOrEqual(8);
    expect(existsSync(join(dir, 'dist', 'index.js'))).toBe(true);
    const { stdout } = await run(process.execPath, ['try.mjs'], { cwd: app });
    expect(JSON.parse(stdout)).toEqual(TRIED);
  }, 480_000);
});

/** The first script of README.md's Install section (try.mjs), as a new project writes it. */
const tryScript = (() => {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const install = readme.slice(readme.indexOf('## Install'), readme.indexOf('## Quick start'));
  const script = /```js\n([\s\S]*?)```/.exec(install)?.[1];
  if (!script) throw new Error("README.md's Install section has no ```js block (try.mjs)");
  return script;
})();
const TRIED = { root: expect.any(String), phones: 5, calls: 2 };
