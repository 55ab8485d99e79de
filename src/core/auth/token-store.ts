/** A user's tokens as the SDK keeps and persists them. */
export interface UserTokens {
  access_token: string;
  refresh_token?: string | undefined;
  /** Epoch ms when the access token expires (from `expires_in`). */
  expires_at?: number | undefined;
  /** The token's lifetime in seconds, as the token endpoint said. */
  expires_in?: number | undefined;
  /** Space-separated scopes granted. */
  scope?: string | undefined;
}

/** Where a user's tokens live between runs (a session, a database row). May be async. */
export interface TokenStore {
  get(): UserTokens | undefined | Promise<UserTokens | undefined>;
  /** Called with each new pair, and with undefined on sign-out. */
  set(tokens: UserTokens | undefined): void | Promise<void>;
}
