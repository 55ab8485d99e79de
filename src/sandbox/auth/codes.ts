import type { Rng } from '../data/random.js';

/** How long a code can be exchanged (RFC 6749 §4.1.2 recommends at most 10 minutes). */
export const CODE_TTL_MS = 10 * 60_000;

export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  userId: number;
  scopes: string[];
}

interface CodeRecord extends CodeGrant {
  expiresAt: number;
  used: boolean;
}

export type Redemption = { ok: true; grant: CodeGrant } | { ok: false; reason: string };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Percent escapes of printable characters, so that a second decoding changes the code. */
const ESCAPES = ['%2B', '%2F', '%3D', '%41', '%7E'];

/** Authorization codes of step 1, single use. */
export class AuthorizationCodes {
  private readonly codes = new Map<string, CodeRecord>();

  constructor(private readonly rng: Rng) {}

  /**
   * A new code. Every code holds `+`, `/`, `=` and a `%xx` sequence, all of which the redirect
   * must percent-encode: a client that decodes the callback twice turns `+` into a space or
   * `%xx` into another character and gets `invalid_grant`, as the spec warns.
   */
  issue(grant: CodeGrant, now: number): string {
    const run = (length: number): string =>
      Array.from({ length }, () => ALPHABET[this.rng.int(0, ALPHABET.length - 1)]).join('');
    let code = '';
    do {
      code = `${run(10)}+${run(10)}/${run(6)}${this.rng.pick(ESCAPES)}${run(6)}=`;
    } while (this.codes.has(code));
    this.codes.set(code, { ...grant, scopes: [...grant.scopes], expiresAt: now + CODE_TTL_MS, used: false });
    return code;
  }

  /** Takes a code for good: a second exchange of the same code fails, as does an expired one. */
  redeem(code: string, now: number): Redemption {
    const record = this.codes.get(code);
    if (!record) return { ok: false, reason: 'The authorization code is unknown' };
    if (record.used) return { ok: false, reason: 'The authorization code was already used' };
    if (record.expiresAt <= now) return { ok: false, reason: 'The authorization code expired' };
    record.used = true;
    const { clientId, redirectUri, userId, scopes } = record;
    return { ok: true, grant: { clientId, redirectUri, userId, scopes: [...scopes] } };
  }
}
