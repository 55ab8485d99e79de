import type { SandboxState } from '../state.js';
import type { OAuthAnswer } from './oauth-answer.js';

/** A token request of one `grant_type`, its client already authenticated. */
export interface GrantRequest {
  state: SandboxState;
  params: URLSearchParams;
  /** Already authenticated. */
  clientId: string;
  now: number;
}

/** The handler of one `grant_type` of the token endpoint. */
export type Grant = (request: GrantRequest) => OAuthAnswer;
