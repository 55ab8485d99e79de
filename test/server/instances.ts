/**
 * Several handler instances of one application over one sandbox: one coordination (with the
 * visitor counts given), one token store (a Map the test can look into), as Redis would share them.
 */
import {
  memoryCoordination,
  type TokenStore,
  type UserTokens,
  type VisitorCountStore,
} from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import type { CatalogHandlerOptions } from '../../src/server/index.js';
import { handlerOver } from './setup.js';

export function sharedInstances(
  count: number,
  visitors: VisitorCountStore,
  options: Partial<CatalogHandlerOptions> = {},
) {
  const sandbox = createSandbox();
  const coordination = { ...memoryCoordination(), visitors };
  const tokens = new Map<string, UserTokens>();
  const tokenStore = (key: string): TokenStore => ({
    get: () => tokens.get(key),
    set: (value) => void (value ? tokens.set(key, value) : tokens.delete(key)),
  });
  const handlers = Array.from({ length: count }, () =>
    handlerOver(sandbox, {
      coordination,
      tokenStore,
      userMaxAge: 0,
      ...options,
    }),
  );
  return { sandbox, handlers, tokens };
}
