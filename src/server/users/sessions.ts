/**
 * Sessions: an opaque id (256 bits from the platform's CSPRNG) in an HttpOnly cookie; the user's
 * tokens live in a server-side TokenStore keyed by the id's SHA-256 (so the stores, Redis
 * included, never hold a live cookie value). A session exists only once a sign-in has completed:
 * the id is made at the callback, never taken from a request, so it cannot be fixed by an attacker.
 */
import type { TokenStore, UserTokens } from '../../index.js';

export interface CookieOptions {
  /** Name of the session cookie. Default `catalog_session`. */
  name?: string | undefined;
  /**
   * `Secure` on the cookies (default true). Browsers keep Secure cookies over http only for
   * localhost; turn it off only for a plain-http host in development.
   */
  secure?: boolean | undefined;
  /** Lifetime of the session cookie in seconds. Default 30 days. */
  maxAge?: number | undefined;
}

export interface CookieSettings {
  name: string;
  secure: boolean;
  maxAge: number;
  path: string;
}

/** 32 random bytes as base64url: 256 bits from crypto.getRandomValues. */
export function randomId(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return base64url(bytes);
}

/** The store key of a session: SHA-256 of its id, hex. */
export async function sessionKey(sessionId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(sessionId));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    if (part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return /^[A-Za-z0-9_.~-]{1,512}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

export function setCookie(settings: CookieSettings, name: string, value: string, maxAge: number): string {
  const secure = settings.secure ? '; Secure' : '';
  return `${name}=${value}; Path=${settings.path}; Max-Age=${maxAge}; HttpOnly${secure}; SameSite=Lax`;
}

export function clearCookie(settings: CookieSettings, name: string): string {
  return setCookie(settings, name, '', 0);
}

/**
 * Users' tokens in this process's memory, one TokenStore per session key, at most `max` sessions:
 * past that the least recently used session ends (its user signs in again).
 */
export function memorySessionTokens(max = 50_000): (key: string) => TokenStore {
  const tokens = new Map<string, UserTokens>();
  return (key) => ({
    get: () => {
      const found = tokens.get(key);
      if (found) {
        // Map keeps insertion order: moving the key to the end marks it recently used.
        tokens.delete(key);
        tokens.set(key, found);
      }
      return found;
    },
    set: (value) => {
      tokens.delete(key);
      if (value === undefined) return;
      tokens.set(key, value);
      if (tokens.size > max) tokens.delete(tokens.keys().next().value as string);
    },
  });
}

/**
 * Where to send the browser after sign-in or sign-out: a path on this site (`/account?tab=1`),
 * never another origin (`//evil.example`, `/\evil.example`, `https://...`).
 */
export function localPath(value: string | null | undefined, fallback: string): string {
  if (!value || value.length > 512) return fallback;
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(value)) return fallback;
  return value;
}

export function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function encodeText(text: string): string {
  return base64url(new TextEncoder().encode(text));
}

export function decodeText(value: string): string | undefined {
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}
