/**
 * A person is an account: a session's record in its TokenStore carries the account it signed in
 * (`account_id`, the API's user id, learned at sign-in), so every session and instance of one
 * person is charged to one share. The record keeps it across token refreshes (the SDK saves a
 * new pair without it). A session whose record has no account is not signed in.
 */
import type { TokenStore, UserTokens } from '../../index.js';

/** A session's tokens with the account they belong to. */
type AccountTokens = UserTokens & { account_id?: string | undefined };

const ACCOUNT = /^[A-Za-z0-9_-]{1,64}$/;

export interface Accounts {
  /** The sessions' token stores, each keeping its account across refreshes. */
  tokensFor(sessionKey: string): TokenStore;
  /** The account a signed-in session belongs to, or undefined (signed out, or never told). */
  accountOf(sessionKey: string): Promise<string | undefined>;
  /** Records the account of a session that has just signed in. */
  setAccount(sessionKey: string, account: string): Promise<void>;
}

export function accounts(stores: (sessionKey: string) => TokenStore): Accounts {
  const accountOf = async (key: string): Promise<string | undefined> => {
    const record = (await stores(key).get()) as AccountTokens | undefined;
    const account = record?.account_id;
    return typeof account === 'string' && ACCOUNT.test(account) ? account : undefined;
  };
  return {
    accountOf,
    tokensFor: (key) => {
      const store = stores(key);
      return {
        get: () => store.get(),
        set: async (tokens) => {
          if (tokens === undefined) return store.set(undefined);
          const account = (tokens as AccountTokens).account_id ?? (await accountOf(key));
          return store.set(account === undefined ? tokens : withAccount(tokens, account));
        },
      };
    },
    setAccount: async (key, account) => {
      if (!ACCOUNT.test(account)) throw new Error('price-catalog/server: the API gave no usable user id');
      const store = stores(key);
      const record = await store.get();
      if (record) await store.set(withAccount(record, account));
    },
  };
}

function withAccount(tokens: UserTokens, account: string): UserTokens {
  const record: AccountTokens = { ...tokens, account_id: account };
  return record;
}
