/**
 * A fresh checkout of the repository (its files as they are now, in a new git repository with no
 * remote, with this checkout's node_modules): `npm pack` builds before packing, so the tarball
 * always holds dist/ and both `npx` commands run from it; `npm run docs` needs no `origin`.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repo = fileURLToPath(new URL('..', import.meta.url));
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
  }, 240_000);

  it('npm run docs works without an origin remote', async () => {
    const { stdout: remotes } = await run('git', ['remote'], { cwd: dir });
    expect(remotes.trim()).toBe('');
    const { stdout, stderr } = await run(npm, ['run', 'docs', '--', '--emit', 'none'], { cwd: dir });
    expect(`${stdout}${stderr}`).not.toContain('warning');
  }, 240_000);
});
