import type { Provider } from './token-store.port.ts'

/**
 * Told when a connection turns "needs re-auth" (it was usable before): the composition root
 * raises the `connection.needs_reauth` alert through it (docs/spec/product.md §9.3).
 */
export type ReauthListener = (
  provider: Provider,
  clientId: string,
  reason: string | undefined,
) => Promise<void>
