/**
 * Sessions: an opaque id (256 bits from the platform's CSPRNG) in an HttpOnly cookie; the user's
 * tokens live in a server-side TokenStore keyed by the id's SHA-256 (so the stores, Redis
 * included, never hold a live cookie value). A session exists only once a sign-in has completed:
 * the id is made at the callback, never taken from a request, so it cannot be fixed by an attacker.
 */
import { sha256Hex } from '../../internal/digest.js';
import { base64url } from './base64url.js';

/** 32 random bytes as base64url: 256 bits from crypto.getRandomValues. */
export function randomId(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return base64url(bytes);
}

/** The store key of a session: SHA-256 of its id, hex. */
export function sessionKey(sessionId: string): Promise<string> {
  return sha256Hex(sessionId);
}
