import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../src/index.js';

const run = promisify(execFile);
const root = new URL('..', import.meta.url);

describe('the built package', () => {
  for (const file of ['esm.mjs', 'cjs.cjs']) {
    it(`loads by name and calls the sandbox (${file})`, async () => {
      const { stdout } = await run(process.execPath, [`test/package/${file}`], { cwd: root });
      expect(JSON.parse(stdout)).toEqual({ parent_id: 0, missing: true, calls: 2 });
    });
  }
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
        if (/client secret/i.test(text)) resolve(text);
      });
      child?.on('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${text}`)));
    });
    const baseUrl = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] as string;
    const clientId = /client id\W+(\S+)/i.exec(output)?.[1] as string;
    const clientSecret = /client secret\W+(\S+)/i.exec(output)?.[1] as string;
    const api = createClient({ baseUrl, authUrl: baseUrl, clientId, clientSecret });
    const { data, response } = await api.catalog.categories.root().withResponse();
    expect(data.parent_id).toBe(0);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect((await api.catalog.manufacturers.list().toArray()).length).toBe(40);
  });
});
