import type { Rng } from '../data/random.js';

export interface RefreshRecord {
  token: string;
  clientId: string;
  userId: number;
  scopes: string[];
  session: number;
  /** Rotated away, or ended by logout. */
  revoked: boolean;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Refresh tokens of user sign-ins. They do not expire; each use rotates them (the old one stops
 * working), and logout revokes the session's current one.
 */
export class RefreshTokens {
  private readonly tokens = new Map<string, RefreshRecord>();
  private lastSession = 0;

  constructor(private readonly rng: Rng) {}

  /** A new sign-in: the access and refresh tokens it yields share this number. */
  newSession(): number {
    this.lastSession += 1;
    return this.lastSession;
  }

  issue(input: Omit<RefreshRecord, 'token' | 'revoked'>): string {
    let token = '';
    do {
      token = Array.from({ length: 43 }, () => ALPHABET[this.rng.int(0, ALPHABET.length - 1)]).join('');
    } while (this.tokens.has(token));
    this.tokens.set(token, { ...input, scopes: [...input.scopes], token, revoked: false });
    return token;
  }

  /** The live record of a refresh token issued to this client, revoking it: its one use. */
  use(token: string, clientId: string): RefreshRecord | undefined {
    const record = this.tokens.get(token);
    if (!record || record.revoked || record.clientId !== clientId) return undefined;
    record.revoked = true;
    return record;
  }

  revokeSession(session: number): void {
    for (const record of this.tokens.values()) if (record.session === session) record.revoked = true;
  }
}
