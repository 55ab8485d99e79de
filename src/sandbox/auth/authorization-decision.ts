/** How the sandbox's make-believe user answers the consent page (`sandbox.setAuthorization`). */
export interface AuthorizationDecision {
  approve: boolean;
  userId: number;
  /** Show a browser the authorization page and let its Approve or Deny button decide. */
  page?: boolean;
}
