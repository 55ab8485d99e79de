import type { TokenStore, UserTokens } from '../../index.js';

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
