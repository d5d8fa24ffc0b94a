/**
 * How a provider client gets the bearer for a client's calls, without handling tokens itself:
 * the token manager's per-provider view (TokenManager.source).
 */
export interface AccessTokenSource {
  /** A token valid for a few more minutes, refreshed first when needed. */
  accessToken(clientId: string): Promise<string>
  /** Called once after a 401 with the token that was refused; returns the new one. */
  refresh(clientId: string, rejected: string): Promise<string>
}
