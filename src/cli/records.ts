import { stringify } from 'csv-stringify/sync';
import type { Product, Sku } from '../index.js';

export type Format = 'jsonl' | 'csv';
export type RecordKind = 'skus' | 'offers';

interface Column<T> {
  header: string;
  value: (record: T) => unknown;
}

/** CSV columns of a SKU: the API's own field names. */
const SKU_COLUMNS: Column<Sku>[] = [
  'id',
  'name',
  'display_name',
  'category_id',
  'manufacturer_id',
  'price_min',
  'price_max',
  'shop_count',
  'reviewscore',
  'reviews_count',
  'ean',
  'pn',
  'future',
  'web_uri',
].map((field) => ({
  header: field,
  value: (sku: Sku) => (sku as unknown as Record<string, unknown>)[field],
}));

/** CSV columns of an offer (a product of a SKU): sku, shop, price, shipping, final price. */
const OFFER_COLUMNS: Column<Product>[] = [
  { header: 'sku_id', value: (p) => p.sku_id },
  { header: 'shop_id', value: (p) => p.shop_id },
  { header: 'product_id', value: (p) => p.id },
  { header: 'name', value: (p) => p.name },
  { header: 'price', value: (p) => p.price },
  { header: 'shipping_cost', value: (p) => p.blp?.shipping_cost },
  { header: 'expenses', value: (p) => p.expenses },
  { header: 'final_price', value: (p) => p.blp?.final_price },
  { header: 'availability', value: (p) => p.availability },
  { header: 'web_uri', value: (p) => p.web_uri },
];

function columns(kind: RecordKind): Column<never>[] {
  return (kind === 'skus' ? SKU_COLUMNS : OFFER_COLUMNS) as Column<never>[];
}

/** The first bytes of a file of this format: the CSV header line, nothing for JSONL. */
export function header(kind: RecordKind, format: Format): string {
  if (format === 'jsonl') return '';
  return stringify([columns(kind).map((column) => column.header)], { record_delimiter: '\n' });
}

/**
 * Whole records, each ending with a newline: JSONL is the API's record as it came (its own fields),
 * CSV the columns above, quoted as RFC 4180 says (csv-stringify).
 */
export function formatRecords(kind: RecordKind, format: Format, records: readonly unknown[]): string {
  if (records.length === 0) return '';
  if (format === 'jsonl') return records.map((record) => `${JSON.stringify(record)}\n`).join('');
  const cols = columns(kind);
  const rows = records.map((record) => cols.map((column) => cell(column.value(record as never))));
  return stringify(rows, { record_delimiter: '\n' });
}

function cell(value: unknown): string | number {
  if (value === null || value === undefined) return '';
  // csv-stringify writes false as an empty cell: spell booleans out.
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}
