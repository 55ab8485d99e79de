import type { FaultOptions, SandboxOptions } from './types.js';

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
  };
}
