import type { TokenRecord } from '../auth/tokens.js';
import { SANDBOX_USER_ID } from '../data/users.js';

/** Who is asking: the user behind a user token, or the sandbox user for an application token. */
export interface Viewer {
  userId: number;
  /** `voted`, `flagged` and `helpful` describe a user; for an application token they stay false. */
  isUser: boolean;
}

export function viewerOf(token: TokenRecord): Viewer {
  const userId = token.kind === 'user' ? token.userId : undefined;
  return { userId: userId ?? SANDBOX_USER_ID, isUser: userId !== undefined };
}
