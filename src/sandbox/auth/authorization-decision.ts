/** How the sandbox's make-believe user answers the consent page (`sandbox.setAuthorization`). */
export interface AuthorizationDecision {
  approve: boolean;
  userId: number;
}
