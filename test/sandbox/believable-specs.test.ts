import { beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { getJson } from './helpers.js';

/**
 * The sandbox's SKUs read as a shop's would: specs that fit the model's tier and kind (a feature
 * phone has no 12 GB of RAM), and a name whose storage is the storage its specs give. Every SKU of
 * the default sandbox is walked, through its specifications endpoint, not a sample.
 */

interface Spec {
  name: string;
  values: string[];
}
interface Sku {
  id: number;
  name: string;
  display_name: string;
  category_id: number;
  price_min: number;
  future: boolean;
  plain_spec_summary: string;
}
interface Walked {
  sku: Sku;
  specs: Map<string, string>;
}

const PHONES = 40;
const TABLETS = 1105;
const SSDS = 88;
const FEATURE_MODELS = /Nokia (105|110 4G|3310|8210 4G)\b|Alcatel (1066D|2053D)\b/;

let sandbox: Sandbox;
let token: string;
let walked: Walked[];

/** `48 MB`, `12 GB`, `1TB`, `(128GB)`: in GB. */
function gigabytes(text: string): number {
  const m = /([\d.]+)\s*(MB|GB|TB)/.exec(text);
  if (!m) return Number.NaN;
  const n = Number(m[1]);
  return m[2] === 'MB' ? n / 1000 : m[2] === 'TB' ? n * 1000 : n;
}

function inCategory(id: number): Walked[] {
  return walked.filter((w) => w.sku.category_id === id);
}

beforeAll(async () => {
  // One call per SKU: more than a minute's or a day's budget.
  sandbox = createSandbox({ rateLimit: { limit: 1_000_000, windowMs: 60_000 }, dailyLimit: null });
  token = sandbox.issueToken();
  const skus = sandbox.data.skus as unknown as Sku[];
  walked = [];
  for (const sku of skus) {
    const { specifications } = await getJson<{ specifications: Spec[] }>(
      sandbox,
      token,
      `/skus/${sku.id}/specifications`,
    );
    walked.push({ sku, specs: new Map(specifications.map((s) => [s.name, s.values.join(', ')])) });
  }
}, 120_000);

describe('every SKU of the sandbox is believable', () => {
  it('walks every SKU, in every category', () => {
    expect(walked.length).toBe(sandbox.data.skus.length);
    expect(walked.length).toBeGreaterThan(800);
    expect(inCategory(PHONES)).toHaveLength(340);
  });

  it('a name that carries a size in parentheses carries one of its specs’ values', () => {
    const wrong: string[] = [];
    for (const { sku, specs } of walked) {
      const variant = /\(([\d.]+\s*(?:MB|GB|TB))\)$/.exec(sku.name)?.[1];
      if (!variant) continue;
      const sizes = [...specs.values()].map(gigabytes).filter((n) => !Number.isNaN(n));
      if (!sizes.includes(gigabytes(variant)))
        wrong.push(`${sku.display_name}: ${[...specs.values()].join('; ')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a phone’s storage in its name is its storage spec, and its RAM is less', () => {
    const wrong: string[] = [];
    for (const { sku, specs } of inCategory(PHONES)) {
      const ram = gigabytes(specs.get('Εσωτερική Μνήμη RAM') ?? '');
      const storage = gigabytes(specs.get('Εσωτερική Μνήμη Αποθήκευσης') ?? '');
      const named = gigabytes(/\(([^)]*)\)$/.exec(sku.name)?.[1] ?? '');
      if (named !== storage || !(ram < storage))
        wrong.push(`${sku.display_name}: RAM ${ram}, storage ${storage}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a feature phone is small in every spec, and only the feature models are feature phones', () => {
    const wrong: string[] = [];
    const phones = inCategory(PHONES);
    for (const { sku, specs } of phones) {
      const feature = specs.get('Τύπος Κινητού') === 'Feature Phone';
      const ram = gigabytes(specs.get('Εσωτερική Μνήμη RAM') ?? '');
      const storage = gigabytes(specs.get('Εσωτερική Μνήμη Αποθήκευσης') ?? '');
      const screen = Number.parseFloat(specs.get('Μέγεθος Οθόνης') ?? '');
      const os = specs.get('Λειτουργικό Σύστημα');
      const says = `${sku.display_name}: ${sku.plain_spec_summary}`;
      if (feature !== FEATURE_MODELS.test(sku.display_name)) wrong.push(`kind: ${says}`);
      if (feature && !(ram < 0.5 && storage < 1 && screen < 3 && os === 'Κατασκευαστή')) wrong.push(says);
      if (!feature && !(ram >= 1 && storage >= 16 && screen >= 4 && os !== 'Κατασκευαστή')) wrong.push(says);
    }
    expect(wrong).toEqual([]);
    // The default sandbox has some of each kind.
    expect(phones.filter((p) => p.specs.get('Τύπος Κινητού') === 'Feature Phone').length).toBeGreaterThan(2);
    expect(phones.some((p) => /^Nokia 3310 \(\d+GB\)$/.test(p.sku.display_name))).toBe(false);
  });

  it('a phone’s price tier matches its specs: a flagship’s memory, a cheap phone’s', () => {
    const wrong: string[] = [];
    for (const { sku, specs } of inCategory(PHONES)) {
      if (sku.future) continue;
      const ram = gigabytes(specs.get('Εσωτερική Μνήμη RAM') ?? '');
      const storage = gigabytes(specs.get('Εσωτερική Μνήμη Αποθήκευσης') ?? '');
      if (sku.price_min >= 700 && !(ram >= 4 && storage >= 128))
        wrong.push(`${sku.display_name} €${sku.price_min}`);
      if (sku.price_min < 150 && (ram > 4 || storage > 128))
        wrong.push(`${sku.display_name} €${sku.price_min}`);
    }
    expect(wrong).toEqual([]);
  });

  it('iOS on Apple phones only, and every Apple phone runs it', () => {
    for (const { sku, specs } of inCategory(PHONES)) {
      expect(specs.get('Λειτουργικό Σύστημα') === 'iOS', sku.display_name).toBe(
        sku.display_name.startsWith('Apple '),
      );
    }
  });

  it('a tablet has less RAM than storage', () => {
    const wrong = inCategory(TABLETS)
      .filter(
        ({ specs }) =>
          !(gigabytes(specs.get('Εσωτερική Μνήμη RAM') ?? '') < gigabytes(specs.get('Χωρητικότητα') ?? '')),
      )
      .map(({ sku }) => sku.display_name);
    expect(inCategory(TABLETS).length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it('a tablet’s memory fits its tier', () => {
    const wrong: string[] = [];
    for (const { sku, specs } of inCategory(TABLETS)) {
      const ram = gigabytes(specs.get('Εσωτερική Μνήμη RAM') ?? '');
      const storage = gigabytes(specs.get('Χωρητικότητα') ?? '');
      if (/iPad Pro|Ultra/.test(sku.display_name) && !(ram >= 8 && storage >= 128))
        wrong.push(sku.display_name);
      if (/Tab M8|Alcatel|Redmi Pad/.test(sku.display_name) && ram > 4) wrong.push(sku.display_name);
    }
    expect(wrong).toEqual([]);
  });

  it('an SSD’s interface, form factor and speed agree, and fit the model', () => {
    const wrong: string[] = [];
    const ssds = inCategory(SSDS);
    for (const { sku, specs } of ssds) {
      const bus = specs.get('Interface');
      const form = specs.get('Form Factor');
      const read = Number.parseFloat(specs.get('Ταχύτητα Ανάγνωσης') ?? '');
      const says = `${sku.display_name}: ${sku.plain_spec_summary}`;
      if (bus === 'SATA III' && !(form === '2.5"' && read <= 600)) wrong.push(says);
      if (bus === 'PCI Express 3.0' && !(form === 'M.2 2280' && read > 600 && read <= 3500)) wrong.push(says);
      if (bus === 'PCI Express 4.0' && !(form === 'M.2 2280' && read > 3500)) wrong.push(says);
      if (/870 EVO|MX500|A400/.test(sku.display_name) && bus !== 'SATA III') wrong.push(says);
      if (/990 Pro|SN850X|FireCuda 530/.test(sku.display_name) && bus !== 'PCI Express 4.0') wrong.push(says);
    }
    expect(ssds.length).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  });

  it('the spec summary says what the specifications say', () => {
    const wrong: string[] = [];
    for (const { sku, specs } of walked) {
      for (const part of sku.plain_spec_summary.split(', ').filter(Boolean)) {
        const value = part.includes(': ') ? part.slice(part.indexOf(': ') + 2) : part;
        if (![...specs.values()].includes(value)) wrong.push(`${sku.display_name}: ${part}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
