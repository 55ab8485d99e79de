/**
 * Fresh projects made the way README says, outside the clone: a folder, `npm init -y` (npm 11
 * writes `"type": "commonjs"`), what the page's `npm pkg set` commands set, then the package from
 * the tarball of `npm pack` and the packages the page's `npm install` commands name, nothing else.
 * The tarball is packed once a run, and pages asking for the same setup share one project.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROOT } from './blocks.js';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface Setup {
  /** `npm pkg set` arguments (`type=module`). */
  settings: string[];
  /** Packages to install beside price-catalog. */
  packages: string[];
}

export interface Projects {
  /** The project made for `setup` (made once for all pages with the same setup). */
  of(setup: Setup): Promise<string>;
  /** Removes every project and the tarball. */
  remove(): void;
}

const key = (setup: Setup) => JSON.stringify([[...setup.settings].sort(), [...setup.packages].sort()]);

async function npmIn(cwd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(npm, args, {
      cwd,
      maxBuffer: 1 << 26,
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' },
    });
    return stdout;
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${stderr ?? error}`);
  }
}

export function fresh(): Projects {
  const work = mkdtempSync(join(tmpdir(), 'price-catalog-docs-'));
  const repository = fileURLToPath(ROOT);
  let tarball: Promise<string> | undefined;
  const made = new Map<string, Promise<string>>();

  // The build of the sources as they are (prepare rebuilds only a stale dist/), packed as published.
  const pack = async () => {
    await run(process.execPath, ['scripts/prepare.mjs'], { cwd: repository, maxBuffer: 1 << 26 });
    const [packed] = JSON.parse(
      await npmIn(repository, ['pack', '--json', '--ignore-scripts', '--pack-destination', work]),
    ) as [{ filename: string }];
    return join(work, packed.filename);
  };

  const make = async (setup: Setup, dir: string) => {
    tarball ??= pack();
    const file = await tarball;
    mkdirSync(dir);
    await npmIn(dir, ['init', '-y']);
    if (setup.settings.length > 0) await npmIn(dir, ['pkg', 'set', ...setup.settings]);
    await npmIn(dir, [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      file,
      ...setup.packages,
    ]);
    return dir;
  };

  return {
    of(setup) {
      const id = key(setup);
      let project = made.get(id);
      if (!project) {
        project = make(setup, join(work, `app-${made.size}`));
        made.set(id, project);
      }
      return project;
    },
    remove() {
      rmSync(work, { recursive: true, force: true });
    },
  };
}
