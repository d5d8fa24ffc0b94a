import type { FastifyBaseLogger } from 'fastify'
import type { DB } from '../db/database.ts'
import { unreadableReason } from '../integrations/oauth/token-manager.ts'
import { listClients } from '../repositories/clients.repository.ts'
import type { ProviderTokensStore } from '../repositories/provider-tokens.store.ts'

/**
 * Run at start (docs/decisions/0016 §7). With APP_SECRET = "new,old", every token or key an old key sealed
 * is re-sealed with the new one, so the old key can be dropped at the next start. A value no
 * key opens (a changed secret, a backup from elsewhere) marks its connection "needs re-auth"
 * with that reason instead of failing the jobs that would use it; once the right key is back,
 * the mark goes away again. The provider-token store does the sealing; this walks the clients.
 */
export async function resealStoredSecrets(
  db: DB,
  store: ProviderTokensStore,
  log?: FastifyBaseLogger,
): Promise<{ resealed: number; unreadable: number }> {
  let resealed = 0
  let unreadable = 0
  for (const { clientId } of await listClients(db, null)) {
    const outcome = await store.reseal(clientId, (provider) => unreadableReason(provider))
    if (outcome.apiKeyUnreadable)
      log?.warn(`Client ${clientId}: ${unreadableReason('ghl', 'location API key')}`)
    resealed += outcome.resealed
    unreadable += outcome.unreadable
  }
  if (resealed || unreadable) log?.info({ resealed, unreadable }, 'stored secrets checked against APP_SECRET')
  return { resealed, unreadable }
}
