import type { Provider } from './token-store.port.ts'

/**
 * Where the token manager reports what only the operator can fix: the app's own client
 * credentials refused at a token endpoint (every client's refresh would fail alike). Implemented
 * by the repositories (repositories/provider-alerts.repository.ts) and shown in /api/health.
 */
export interface ProviderAlerts {
  /** Raises the provider's alert; an alert already standing keeps its first time. */
  raise(provider: Provider, message: string): Promise<void>
  /** A token request the provider accepted: its alert, if any, is over. */
  clear(provider: Provider): Promise<void>
}
