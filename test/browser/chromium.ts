// What the browser tests share: the page's script bundled as a user's bundler sees the package
// (from the packed tarball, through its `exports`), and the system's Chromium, headless.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Browser, chromium } from 'playwright-core';
import { installPacked } from '../../scripts/size.mjs';

export const repo = fileURLToPath(new URL('../../', import.meta.url));

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `file` (relative to the repository) bundled for the browser against the packed package. With
 * `fromRepository`, other packages (msw, React, TanStack Query) come from the repository's
 * node_modules, as an app has its own.
 */
export async function bundlePage(
  file: string,
  options: { fromRepository?: boolean; define?: Record<string, string> } = {},
): Promise<string> {
  const bundled = await build({
    stdin: {
      contents: readFileSync(join(repo, file), 'utf8'),
      resolveDir: installPacked().dir,
      loader: 'js',
    },
    nodePaths: options.fromRepository ? [join(repo, 'node_modules')] : [],
    define: options.define ?? {},
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  return bundled.outputFiles[0]?.text ?? '';
}

/** Debian's chromium, headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS, headless: true });
}
