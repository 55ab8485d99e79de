// A visitor is a network: IPv6 addresses are grouped by prefix (default /56, `ipv6Prefix`) before
// they become a visitor key; IPv4 stays per address; IPv4-mapped IPv6 is IPv4; the same through
// toNodeHandler's trustProxy. networkOf is a parser: its properties are checked with fast-check.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { createCatalogHandler, toNodeHandler } from '../../src/server/index.js';
import { ipv6Groups, networkOf } from '../../src/server/visitors/networks.js';
import { MOUNT, ORIGIN, setup } from './setup.js';
import { listen } from './upstream-double.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** `count` uncached SKUs asked from `address`: the statuses. */
async function ask(
  handler: (request: Request, context?: { clientAddress?: string }) => Promise<Response>,
  addresses: readonly string[],
  first: number,
): Promise<number[]> {
  const statuses: number[] = [];
  for (const [i, clientAddress] of addresses.entries()) {
    statuses.push(
      (await handler(new Request(`${ORIGIN}${MOUNT}/skus/${first + i}`), { clientAddress })).status,
    );
  }
  return statuses;
}

const group = fc.integer({ min: 0, max: 0xffff });
const groups = fc.array(group, { minLength: 8, maxLength: 8 });
const full = (g: readonly number[]) => g.map((n) => n.toString(16)).join(':');

describe('a visitor is a network', () => {
  it('one /56 rotating its addresses is one visitor; another /56 is another; IPv4 stays per address', async () => {
    const { handler, sandbox } = setup({ visitorShare: 3, anonymousShare: 1000 });
    // Old code: a fresh share per address (every one of these answered).
    const rotating = [
      '2001:db8:1:1::1',
      '2001:db8:1:2::5',
      '2001:db8:1:ff::9',
      '2001:db8:1:7:abcd::1',
      '2001:db8:1:3::2',
    ];
    expect(await ask(handler, rotating, 5_000_000)).toEqual([404, 404, 404, 429, 429]);
    expect(await ask(handler, ['2001:db8:1:100::1'], 5_000_100)).toEqual([404]);
    expect(
      await ask(handler, ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'], 5_000_200),
    ).toEqual([404, 404, 404, 404]);
    expect(sandbox.stats.apiCalls).toBe(8);
  });

  it('IPv4-mapped IPv6 is the IPv4 address: the same visitor either way', async () => {
    const { handler } = setup({ visitorShare: 2, anonymousShare: 1000 });
    expect(
      await ask(handler, ['203.0.113.7', '::ffff:203.0.113.7', '::FFFF:cb00:7107', '203.0.113.8'], 5_000_000),
    ).toEqual([404, 404, 429, 404]);
  });

  it('ipv6Prefix: 64 counts each /64 apart; a prefix that is not 1 to 128 bits is refused at creation', async () => {
    const { handler } = setup({ visitorShare: 1, anonymousShare: 1000, ipv6Prefix: 64 });
    expect(
      await ask(handler, ['2001:db8:1:1::1', '2001:db8:1:1:ffff::2', '2001:db8:1:2::1'], 5_000_000),
    ).toEqual([404, 429, 404]);
    for (const ipv6Prefix of [0, 129, 56.5, Number.NaN]) {
      expect(() =>
        createCatalogHandler({ baseUrl: 'https://api.test', clientId: 'a', clientSecret: 'b', ipv6Prefix }),
      ).toThrow(InvalidRequestError);
    }
  });

  it('through toNodeHandler over real sockets with trustProxy: the forwarded IPv6 address is grouped too', async () => {
    const { handler, sandbox } = setup({ visitorShare: 2, anonymousShare: 1000 });
    const served = await listen(toNodeHandler(handler, { trustProxy: 1 }));
    closers.push(served.close);
    const base = `${served.base}${MOUNT}`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await fetch(`${base}/skus/${5_000_000 + i}`, {
        headers: { 'x-forwarded-for': `2001:db8:aa:${i.toString(16)}::${i + 1}` },
      });
      statuses.push(answer.status);
      await answer.text();
    }
    expect(statuses).toEqual([404, 404, 429, 429]);
    expect(sandbox.stats.apiCalls).toBe(2);
  });
});

describe('networkOf: properties', () => {
  it('any two IPv6 addresses with the same first `prefix` bits are one key, others are not', () => {
    fc.assert(
      fc.property(groups, groups, fc.integer({ min: 1, max: 128 }), (a, b, prefix) => {
        // Not IPv4-mapped (that one is IPv4): the first 80 bits zero and then ffff.
        fc.pre(!(a.slice(0, 5).every((g) => g === 0) && a[5] === 0xffff));
        fc.pre(!(b.slice(0, 5).every((g) => g === 0) && b[5] === 0xffff));
        const bit = (g: readonly number[], i: number) =>
          ((g[Math.floor(i / 16)] as number) >> (15 - (i % 16))) & 1;
        let same = true;
        for (let i = 0; i < prefix; i++) if (bit(a, i) !== bit(b, i)) same = false;
        expect(networkOf(full(a), prefix) === networkOf(full(b), prefix)).toBe(same);
      }),
      { numRuns: 500 },
    );
  });

  it('every spelling of one address (compressed, upper case, bracketed, with a zone) parses to its groups', () => {
    fc.assert(
      fc.property(groups, fc.boolean(), fc.boolean(), (g, upper, bracket) => {
        // Compress the longest run of zero groups, as RFC 5952 writes it.
        let best = [-1, 0];
        for (let i = 0; i < 8; i++) {
          let j = i;
          while (j < 8 && g[j] === 0) j++;
          if (j - i > (best[1] as number)) best = [i, j - i];
        }
        let text = full(g);
        if ((best[1] as number) >= 2) {
          const [at, length] = best as [number, number];
          text = `${full(g.slice(0, at))}::${full(g.slice(at + length))}`;
        }
        if (upper) text = text.toUpperCase();
        const written = bracket ? `[${text}]` : `${text}%eth0`;
        expect(ipv6Groups(written)).toEqual(g);
      }),
      { numRuns: 500 },
    );
  });

  it('any text that is not an address is no network (an application key is kept as it is)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (text) => {
        const key = networkOf(text, 56);
        if (key === undefined) return;
        // What it did take is an address: IPv4 as written, or an IPv6 network.
        expect(key === text || key.endsWith('/56') || /^\d+\.\d+\.\d+\.\d+$/.test(key)).toBe(true);
      }),
      { numRuns: 500 },
    );
    for (const text of [
      'abc',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '12345::',
      '1.2.3.256',
      '1.2.3.4::',
      ':1:2:3:4:5:6:7',
      '',
    ])
      expect(networkOf(text, 56), text).toBeUndefined();
  });
});
