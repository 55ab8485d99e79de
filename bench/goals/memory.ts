import { ACCEPT, kb, NO_LIMIT, type Row, serve, settledHeap, verdict } from '../lib.js';

const CATEGORY = 9002;
const ITEMS = 100_000;
const PER = 100;
/**
 * Pages walked before the baseline: one whole walk, so that what V8 adds while it keeps optimizing
 * the hot path (code, deopt data, feedback: a few hundred KB over the first thousand requests,
 * held in the old space with the data) is in the baseline rather than counted as growth.
 */
const WARMUP_PAGES = ITEMS / PER;
/** Heap measured (after a full GC) every this many pages, while the walk is under way. */
const SAMPLE_EVERY = 50;
const TARGET_PAGES = 5;

/**
 * Goal 6: `for await` over 100 000 items (1000 pages of 100 from the sandbox's synthetic bulk
 * category) keeps the heap within a few pages' worth. The data heap (code spaces left out) is
 * sampled during the walk, after full GCs, and compared with a baseline taken after a warm-up walk
 * of the same length; growth is told in pages (the byte length of one page's JSON). The sandbox
 * runs in this process, so its request log is emptied before each sample: what it remembers is
 * the server's memory, not the client's.
 */
export async function memoryGrowth(): Promise<Row[]> {
  const served = await serve({ rateLimit: NO_LIMIT, bulkCategory: { id: CATEGORY, skus: ITEMS } });
  try {
    const token = served.sandbox.issueToken();
    const sample = await fetch(`${served.server.baseUrl}/categories/${CATEGORY}/skus?per=${PER}&page=2`, {
      headers: { authorization: `Bearer ${token}`, accept: ACCEPT },
    });
    const pageBytes = (await sample.text()).length;
    const heap = (): Promise<{ data: number; code: number }> => {
      served.sandbox.clearRequests();
      return settledHeap();
    };

    const client = served.client({ cache: false });
    let warm = 0;
    for await (const _ of client.catalog.categories.skus(CATEGORY, { per: PER })) {
      if (++warm >= WARMUP_PAGES * PER) break;
    }

    const baseline = await heap();
    const samples: number[] = [];
    let codeGrowth = 0;
    let count = 0;
    let lastId = Number.POSITIVE_INFINITY;
    let ordered = true;
    for await (const sku of client.catalog.categories.skus(CATEGORY, { per: PER })) {
      if (sku.id >= lastId) ordered = false;
      lastId = sku.id;
      count++;
      // Mid-walk: the page being read is live, as it is for any caller.
      if (count % (SAMPLE_EVERY * PER) === 0) {
        const now = await heap();
        samples.push(now.data - baseline.data);
        codeGrowth = now.code - baseline.code;
      }
    }
    const after = (await heap()).data - baseline.data;
    const peak = Math.max(...samples, after);
    const pages = peak / pageBytes;
    const complete = count === ITEMS && ordered;
    return [
      {
        goal: '6',
        what: `Heap growth over for await of ${ITEMS.toLocaleString('en')} items (pages of ${PER})`,
        measured: `${pages.toFixed(2)} pages`,
        target: `<= ${TARGET_PAGES} pages`,
        result: verdict(pages <= TARGET_PAGES && complete),
        note: `data heap after full GCs every ${SAMPLE_EVERY} pages, against a baseline after a ${WARMUP_PAGES}-page warm-up walk: at most ${kb(peak)} above it during the walk, ${kb(after)} after it (code spaces: ${kb(codeGrowth)}); one page is ${kb(pageBytes)} of JSON; ${count} items${ordered ? ' in order' : ' OUT OF ORDER'}; own process`,
      },
    ];
  } finally {
    await served.close();
  }
}
