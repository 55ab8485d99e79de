import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GOAL } from '../../scripts/size.mjs';
import { kb, type Row, verdict } from '../lib.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCRIPT = 'scripts/size.mjs';
const WHOLE_BUDGET = GOAL.whole;
const ONE_MODULE_BUDGET = GOAL.oneModule;

/**
 * Goal 1: min+gz browser ESM builds of the package as published (packed, installed outside the
 * repository, bundled through its `exports`), as `scripts/size.mjs` measures them.
 */
export function bundleSize(): Row[] {
  const rows = (whole: string, one: string, wholeOk?: boolean, oneOk?: boolean, note?: string): Row[] => [
    {
      goal: '1',
      what: 'Bundle from the tarball: createClient + one call, min+gz',
      measured: whole,
      target: `<= ${kb(WHOLE_BUDGET)}`,
      result: wholeOk === undefined ? 'n/a' : verdict(wholeOk),
      ...(note ? { note } : {}),
    },
    {
      goal: '1',
      what: 'Bundle from the tarball: createClientWith + one module, min+gz',
      measured: one,
      target: `<= ${kb(ONE_MODULE_BUDGET)}`,
      result: oneOk === undefined ? 'n/a' : verdict(oneOk),
    },
  ];
  if (!existsSync(`${ROOT}${SCRIPT}`))
    return rows('n/a', 'n/a', undefined, undefined, `${SCRIPT} is missing`);
  let sizes: { whole?: unknown; oneModule?: unknown };
  try {
    const out = execFileSync(process.execPath, [SCRIPT], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    // The JSON is the last line that parses; the script may print other lines before it.
    const line = out
      .trim()
      .split('\n')
      .reverse()
      .find((l) => l.trim().startsWith('{'));
    sizes = JSON.parse(line ?? '');
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return rows('n/a', 'n/a', undefined, undefined, `${SCRIPT} failed: ${why}`);
  }
  const { whole, oneModule } = sizes;
  if (typeof whole !== 'number' || typeof oneModule !== 'number') {
    return rows('n/a', 'n/a', undefined, undefined, `${SCRIPT} printed no { whole, oneModule } in bytes`);
  }
  return rows(
    kb(whole),
    kb(oneModule),
    whole <= WHOLE_BUDGET,
    oneModule <= ONE_MODULE_BUDGET,
    `${SCRIPT}: whole ${whole} B, one module ${oneModule} B`,
  );
}
