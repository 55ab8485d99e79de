import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url);

describe('the built price-catalog/server entry point (dist/, as `npm run build` makes it)', () => {
  for (const file of ['server-esm.mjs', 'server-cjs.cjs']) {
    it(`serves a browser client over the sandbox; its errors are price-catalog's classes (${file})`, async () => {
      const { stdout } = await run(process.execPath, [`test/server/package/${file}`], { cwd: root });
      expect(JSON.parse(stdout)).toEqual({ options: true, root: true, notFound: true, spent: true });
    });
  }
});
