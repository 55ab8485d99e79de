import type { SandboxState } from '../state.js';

/** What the user is asked to approve: the authorization request, as the page showed it. */
export interface ConsentRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | null;
}

/** As long as an authorization code lives: a page left open longer must be asked again. */
const CONSENT_TTL_MS = 10 * 60_000;
/** Pages shown and never answered are forgotten beyond this many, oldest first. */
const MAX_PENDING = 1000;

const pending = new WeakMap<SandboxState, Map<string, ConsentRequest & { expiresAt: number }>>();

function pendingOf(state: SandboxState) {
  let map = pending.get(state);
  if (!map) {
    map = new Map();
    pending.set(state, map);
  }
  return map;
}

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A single-use id for the form of one authorization page. The form carries only this id and the
 * button pressed, so what is approved is exactly the request the page showed.
 */
export function issueConsent(state: SandboxState, request: ConsentRequest, now: number): string {
  const map = pendingOf(state);
  if (map.size >= MAX_PENDING) map.delete(map.keys().next().value as string);
  const id = randomId();
  map.set(id, { ...request, expiresAt: now + CONSENT_TTL_MS });
  return id;
}

/** The request a form id stands for, once; null when unknown, used or expired. */
export function takeConsent(state: SandboxState, id: string, now: number): ConsentRequest | null {
  const map = pendingOf(state);
  const found = map.get(id);
  if (!found) return null;
  map.delete(id);
  if (found.expiresAt <= now) return null;
  const { expiresAt: _, ...request } = found;
  return request;
}
