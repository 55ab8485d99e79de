import { type EndpointCall, METHODS } from '../index.js';

/** First element of every key the entry makes. */
export const KEY_ROOT = 'price-catalog';

/** Marks an infinite query's key (its data differs from the one-page query's). */
export const INFINITE = 'infinite';

/** A client method as the entry reads it from the endpoint table: its name, call, arguments and max-age. */
export interface QueryRow {
  name: string;
  /** The endpoint's literal: its path, arguments, max-age, user and what a write makes stale. */
  call: EndpointCall;
}

/** The last key element of a signed-in user's query. */
export interface UserPart {
  user: string;
}

/**
 * A value as a key element: plain objects with their keys sorted and undefined fields dropped,
 * so that equal params give equal keys; `signal` (TanStack's own) never enters a key.
 */
export function normalize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : normalize(item)));
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof AbortSignal) return undefined;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    if (key === 'signal') continue;
    const item = normalize((value as Record<string, unknown>)[key]);
    if (item !== undefined) out[key] = item;
  }
  return Object.keys(out).length === 0 ? undefined : out;
}

/** The call's arguments as key elements, trailing undefined ones (and empty objects) left out. */
export function argsKey(args: readonly unknown[]): unknown[] {
  const out = args.map(normalize);
  while (out.length > 0 && out[out.length - 1] === undefined) out.pop();
  return out.map((item) => (item === undefined ? null : item));
}

function isUserPart(value: unknown): value is UserPart {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    typeof (value as { user?: unknown }).user === 'string'
  );
}

/** The user a key belongs to (undefined for a query made without one). */
export function userOfKey(key: readonly unknown[]): string | undefined {
  const last = key[key.length - 1];
  return isUserPart(last) ? last.user : undefined;
}

/**
 * The row a key of this entry names (found from the method's name at its start) and the key's
 * arguments after the name.
 */
export function rowOfKey(key: readonly unknown[]): { row: QueryRow; args: unknown[] } | undefined {
  if (key[0] !== KEY_ROOT) return undefined;
  let name = '';
  for (let i = 1; i < key.length && i <= 4 && typeof key[i] === 'string'; i++) {
    name = name ? `${name}.${key[i]}` : String(key[i]);
    const call = (METHODS as Record<string, EndpointCall>)[name];
    if (call) return { row: { name, call }, args: key.slice(i + 1) };
  }
  return undefined;
}
