import type { Rng } from '../data/random.js';

export type TokenKind = 'application' | 'user';

export interface TokenRecord {
  token: string;
  clientId: string;
  kind: TokenKind;
  /** The grant that minted it: client_credentials, or a test's direct issue. */
  grant: string;
  scopes: string[];
  issuedAt: number;
  expiresAt: number;
  revoked: boolean;
  /** For user tokens: whose they are. */
  userId?: number;
  /**
   * For user tokens: the sign-in they come from. Refreshes continue it; logout ends every token
   * of it, so a client cannot quietly refresh its way back in.
   */
  session?: number;
}

export interface MintInput {
  clientId: string;
  kind: TokenKind;
  grant: string;
  scopes: string[];
  ttlSeconds: number;
  now: number;
  userId?: number;
  session?: number;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Every token ever issued, so an expired or revoked one is told apart from a made-up one. */
export class TokenStore {
  private readonly tokens = new Map<string, TokenRecord>();

  constructor(private readonly rng: Rng) {}

  mint(input: MintInput): TokenRecord {
    let token = '';
    do {
      token = Array.from({ length: 43 }, () => ALPHABET[this.rng.int(0, ALPHABET.length - 1)]).join('');
    } while (this.tokens.has(token));
    const record: TokenRecord = {
      token,
      clientId: input.clientId,
      kind: input.kind,
      grant: input.grant,
      scopes: [...input.scopes],
      issuedAt: input.now,
      expiresAt: input.now + input.ttlSeconds * 1000,
      revoked: false,
      ...(input.userId === undefined ? {} : { userId: input.userId }),
      ...(input.session === undefined ? {} : { session: input.session }),
    };
    this.tokens.set(token, record);
    return record;
  }

  get(token: string): TokenRecord | undefined {
    return this.tokens.get(token);
  }

  revokeClient(clientId: string): void {
    for (const record of this.tokens.values()) if (record.clientId === clientId) record.revoked = true;
  }

  revokeSession(session: number): void {
    for (const record of this.tokens.values()) if (record.session === session) record.revoked = true;
  }

  clear(): void {
    this.tokens.clear();
  }
}
