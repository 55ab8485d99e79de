/**
 * Fresh projects made the way README says, outside the clone: a folder, `npm init -y` (npm 11
 * writes `"type": "commonjs"`), what the pages' `npm pkg set` commands set, then the package from
 * the tarball of `npm pack` and the packages a page's `npm install` commands name, nothing else.
 * The tarball is packed once a run. The packages every page names (tsx) are installed once, in a
 * base project; a page that names more gets a copy of the base with its own installed on top;
 * pages that name the same packages share one project.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROOT } from './blocks.js';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const INSTALL = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];

export interface Setup {
  /** `npm pkg set` arguments (`type=module`). */
  settings: string[];
  /** Packages to install beside price-catalog. */
  packages: string[];
}

export interface Projects {
  /** The project made for `setup`. */
  of(setup: Setup): Promise<string>;
  /** Removes every project and the tarball. */
  remove(): Promise<void>;
}

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

/** Projects for `setups` (every page's): what all of them install goes into the base once. */
export function fresh(setups: readonly Setup[]): Projects {
  const work = mkdtempSync(join(tmpdir(), 'price-catalog-docs-'));
  const repository = fileURLToPath(ROOT);
  const made = new Map<string, Promise<string>>();
  const bases = new Map<string, Promise<string>>();
  let count = 0;
  const dirFor = () => {
    const dir = join(work, `app-${count++}`);
    mkdirSync(dir);
    return dir;
  };
  /** The packages every setup with these settings names. */
  const common = (settings: string[]) => {
    const same = setups.filter((setup) => key(setup.settings) === key(settings));
    return (same[0]?.packages ?? []).filter((name) => same.every((setup) => setup.packages.includes(name)));
  };

  // The build of the sources as they are (prepare rebuilds only a stale dist/), packed as published.
  const tarball = (async () => {
    await run(process.execPath, ['scripts/prepare.mjs'], { cwd: repository, maxBuffer: 1 << 26 });
    const [packed] = JSON.parse(
      await npmIn(repository, ['pack', '--json', '--ignore-scripts', '--pack-destination', work]),
    ) as [{ filename: string }];
    return join(work, packed.filename);
  })();
  tarball.catch(() => {});

  const base = async (settings: string[], dir: string) => {
    const file = await tarball;
    await npmIn(dir, ['init', '-y']);
    if (settings.length > 0) await npmIn(dir, ['pkg', 'set', ...settings]);
    await npmIn(dir, [...INSTALL, file, ...common(settings)]);
    return dir;
  };

  const make = async (setup: Setup) => {
    const from = bases.get(key(setup.settings)) ?? base(setup.settings, dirFor());
    bases.set(key(setup.settings), from);
    const shared = common(setup.settings);
    const more = setup.packages.filter((name) => !shared.includes(name));
    if (more.length === 0) return from;
    const dir = dirFor();
    await cp(await from, dir, { recursive: true, verbatimSymlinks: true });
    await npmIn(dir, [...INSTALL, ...more]);
    return dir;
  };

  return {
    of(setup) {
      const id = key(setup.settings, setup.packages);
      let project = made.get(id);
      if (!project) {
        project = make(setup);
        made.set(id, project);
      }
      return project;
    },
    async remove() {
      await Promise.allSettled([tarball, ...made.values()]);
      await rm(work, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

const key = (...lists: string[][]) => JSON.stringify(lists.map((list) => [...list].sort()));
