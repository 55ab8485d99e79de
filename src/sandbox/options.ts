import type { BulkCategoryOptions, FaultOptions, SandboxOptions } from './types.js';

export interface ResolvedOptions {
  seed: number;
  clientId: string;
  clientSecret: string;
  vendor: string;
  appTokenTtl: number;
  userTokenTtl: number;
  rateLimit: { limit: number; windowMs: number };
  dailyLimit: number | null;
  faults: FaultOptions;
  latencyMs: readonly [number, number];
  linkHeaders: 'auto' | 'always' | 'never';
  /** max-age seconds of `short` (most) and `long` (filter groups, specifications) answers. */
  cacheMaxAge: { short: number; long: number };
  /** `cacheMaxAge` was given: it also replaces the recorded `max-age=0` of the 'fresh' lists. */
  cacheMaxAgeSet: boolean;
  bulkCategory: Required<BulkCategoryOptions> | undefined;
  scale: number;
}

/** The most SKUs a bulk category may list: their ids stay below the next id block. */
export const MAX_BULK_SKUS = 10_000_000;

/** The largest catalog `scale`: sibling leaf ids stay in their own block (see data/scaled-tree.ts). */
export const MAX_SCALE = 50;

function wholeNumber(name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`createSandbox: ${name} must be a whole number from ${min} to ${max}, got ${value}`);
  }
  return value;
}

function bulkCategory(option: BulkCategoryOptions | undefined): ResolvedOptions['bulkCategory'] {
  if (option === undefined) return undefined;
  return {
    id: wholeNumber('bulkCategory.id', option.id, 1),
    skus: wholeNumber('bulkCategory.skus', option.skus, 0, MAX_BULK_SKUS),
    name: option.name ?? 'Load test',
  };
}

export function resolveOptions(options: SandboxOptions = {}): ResolvedOptions {
  const latency = options.latencyMs ?? 0;
  return {
    seed: options.seed ?? 1,
    clientId: options.clientId ?? 'sandbox-client',
    clientSecret: options.clientSecret ?? 'sandbox-secret',
    vendor: options.vendor ?? 'skroutz',
    appTokenTtl: options.appTokenTtl ?? 1_209_600,
    userTokenTtl: options.userTokenTtl ?? 86_400,
    rateLimit: { limit: options.rateLimit?.limit ?? 100, windowMs: options.rateLimit?.windowMs ?? 60_000 },
    dailyLimit: options.dailyLimit === undefined ? 1000 : options.dailyLimit,
    faults: { ...options.faults },
    latencyMs: typeof latency === 'number' ? [latency, latency] : latency,
    linkHeaders: options.linkHeaders ?? 'auto',
    cacheMaxAge:
      options.cacheMaxAge === undefined
        ? { short: 60, long: 300 }
        : {
            short: wholeNumber('cacheMaxAge', options.cacheMaxAge, 0),
            long: options.cacheMaxAge,
          },
    cacheMaxAgeSet: options.cacheMaxAge !== undefined,
    bulkCategory: bulkCategory(options.bulkCategory),
    scale: wholeNumber('scale', options.scale ?? 1, 1, MAX_SCALE),
  };
}
