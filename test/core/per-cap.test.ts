import { describe, expect, it } from 'vitest';
import type { Logger } from '../../src/index.js';
import { newSandbox, sandboxClient } from '../helpers/index.js';

/** A logger that keeps the debug lines. */
function debugLines() {
  const lines: string[] = [];
  const logger: Logger = {
    error: () => {},
    warn: () => {},
    info: () => {},
    debug: (line: string) => lines.push(line),
  };
  return { logger, capped: () => lines.filter((line) => line.includes("over the API's largest page")) };
}

describe('a `per` over the largest page the API serves', () => {
  it('is served at the API maximum, and said once a list at debug, however many pages follow', async () => {
    const sandbox = newSandbox();
    const { logger, capped } = debugLines();
    const api = sandboxClient(sandbox, { logLevel: 'debug', logger });
    const skus = await api.catalog.categories.skus(40, { per: 10_000 }).toArray();
    const pages = sandbox.apiCalls().filter((call) => call.path === '/categories/40/skus');
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.every((call) => call.query.get('per') === '10000')).toBe(true);
    expect(skus.length).toBeGreaterThan(100);
    expect(capped()).toEqual(["per 10000 is over the API's largest page: it serves 100 a page"]);
  });

  it('says nothing for a per the API serves, nor for the walk that asks for the largest page itself', async () => {
    const sandbox = newSandbox();
    const { logger, capped } = debugLines();
    const api = sandboxClient(sandbox, { logLevel: 'debug', logger });
    await api.catalog.categories.skus(40, { per: 50 });
    await api.catalog.categories.skus(40).toArray();
    expect(sandbox.apiCalls().some((call) => call.query.get('per') === '500')).toBe(true);
    expect(capped()).toEqual([]);
  });

  it('is not logged below debug', async () => {
    const sandbox = newSandbox();
    const { logger, capped } = debugLines();
    const api = sandboxClient(sandbox, { logLevel: 'info', logger });
    await api.catalog.categories.skus(40, { per: 10_000 });
    expect(capped()).toEqual([]);
  });
});
