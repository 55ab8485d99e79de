/**
 * The answer schemas as a user gets them from the public entry: values at run time that parse a
 * cached answer, compose with the user's own zod schemas (mini or classic), give JSON Schema and
 * speak Standard Schema.
 */

import { describe, expect, it } from 'vitest';
import { z as classic } from 'zod';
import * as z from 'zod/mini';
import * as sdk from '../../src/index.js';
import {
  CategorySchema,
  NotificationSchema,
  type Sku,
  SkuListSchema,
  SkuSchema,
  UserEnvelopeSchema,
} from '../../src/index.js';
import { newSandbox, sandboxClient } from '../helpers/index.js';

describe('the answer schemas are public values', () => {
  it('every *Schema the entry exports is a zod schema', () => {
    const schemas = Object.entries(sdk).filter(([name]) => name.endsWith('Schema'));
    expect(schemas.length).toBeGreaterThan(100);
    for (const [name, schema] of schemas) {
      expect(schema, name).toHaveProperty('_zod');
      expect(typeof (schema as { '~standard': { validate: unknown } })['~standard'].validate, name).toBe(
        'function',
      );
    }
  });

  it('parse a cached answer: a SKU the client returned, kept as JSON, read back typed', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    const page = await api.catalog.categories.skus(40, { per: 25 });
    expect(sandbox.apiCalls()).toHaveLength(1);
    const cached: unknown = JSON.parse(JSON.stringify(page.items[0]));
    const sku: Sku = SkuSchema.parse(cached);
    expect(sku.id).toBe(page.items[0]?.id);
    expect(() => SkuSchema.parse({ ...(cached as object), id: 'x' })).toThrow();
    const list = SkuListSchema.safeParse({ skus: page.items, meta: {} });
    expect(list.success).toBe(true);
  });

  it('compose with zod/mini and with classic zod', () => {
    const Saved = z.object({ sku: SkuSchema, saved_at: z.string() });
    const Picked = z.pick(CategorySchema, { id: true, name: true });
    expect(z.safeParse(Picked, { id: 1, name: 'Phones' }).success).toBe(true);
    expect(z.safeParse(Picked, { id: '1', name: 'Phones' }).success).toBe(false);
    expect(z.safeParse(Saved, { sku: {}, saved_at: 'now' }).success).toBe(false);
    const Wrapped = classic.object({ category: CategorySchema, note: classic.string().min(1) });
    expect(
      Wrapped.safeParse({ category: { id: 1 }, note: '' }).error?.issues.map((i) => i.path[0]),
    ).toContain('note');
  });

  it('give JSON Schema', () => {
    const json = z.toJSONSchema(CategorySchema) as {
      type: string;
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(json.type).toBe('object');
    expect(json.required).toContain('id');
    expect(json.required).not.toContain('family_id');
    expect(json.properties.id).toEqual({ type: 'number' });
    expect(z.toJSONSchema(UserEnvelopeSchema)).toMatchObject({ type: 'object', required: ['user'] });
    expect(z.toJSONSchema(NotificationSchema)).toHaveProperty('anyOf');
  });

  it('speak Standard Schema', async () => {
    const standard = CategorySchema['~standard'];
    expect(standard.vendor).toBe('zod');
    expect(standard.version).toBe(1);
    const bad = await standard.validate({ id: 'x' });
    expect('issues' in bad && bad.issues?.[0]?.path).toEqual(['id']);
  });
});
