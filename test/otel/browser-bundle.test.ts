import { describe, expect, it } from 'vitest';
import { bundle, installPacked } from '../../scripts/size.mjs';

/**
 * A browser app's bundle of the packed package: the core's diagnostics_channel publishing is
 * replaced by its no-op stand-in (package.json `browser`), so nothing of it is shipped.
 */
describe('browser bundles carry no diagnostics_channel code', () => {
  it('the whole client, bundled for the browser, holds neither the channel module nor its names of use', async () => {
    const { dir } = installPacked();
    const app = [
      "import { createClient, DIAGNOSTICS_CHANNELS } from 'price-catalog';",
      "const api = createClient({ baseUrl: 'https://api.example.com', token: 't' });",
      'api.skus.get(1).then(console.log);',
      'console.log(DIAGNOSTICS_CHANNELS.call);',
    ].join('\n');
    const { text } = await bundle(app, dir);
    expect(text).toContain('price-catalog:call');
    expect(text).not.toContain('diagnostics_channel');
    expect(text).not.toContain('getBuiltinModule');
    expect(text).not.toContain('tracePromise');
  }, 240_000);
});
