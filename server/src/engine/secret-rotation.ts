import type { FastifyBaseLogger } from 'fastify'
import type { DB } from '../db/database.ts'
import { unreadableReason } from '../integrations/oauth/token-manager.ts'
import { type SecretBox, UnreadableSecretError } from '../lib/secret-box.ts'
import {
  type ClientPatch,
  ghlTokensOf,
  listClients,
  lockClient,
  updateClient,
  yelpTokensOf,
} from '../repositories/clients.repository.ts'

/**
 * Run at start (docs/decisions/0016 §7). With APP_SECRET = "new,old", every token or key an old key sealed
 * is re-sealed with the new one, so the old key can be dropped at the next start. A value no
 * key opens (a changed secret, a backup from elsewhere) marks its connection "needs re-auth"
 * with that reason instead of failing the jobs that would use it; once the right key is back,
 * the mark goes away again.
 */
export async function resealStoredSecrets(
  db: DB,
  box: SecretBox,
  log?: FastifyBaseLogger,
): Promise<{ resealed: number; unreadable: number }> {
  let resealed = 0
  let unreadable = 0
  for (const { clientId } of await listClients(db, null)) {
    await db.transaction(async (tx) => {
      const row = await lockClient(tx, clientId)
      if (!row) return
      const patch: ClientPatch = {}
      for (const provider of ['yelp', 'ghl'] as const) {
        const stored = provider === 'yelp' ? yelpTokensOf(row) : ghlTokensOf(row)
        const next: Record<string, unknown> = { ...stored }
        let changed = false
        let lost = false
        for (const field of ['accessToken', 'refreshToken'] as const) {
          const outcome = reseal(box, stored[field])
          if (outcome === 'unreadable') lost = true
          else if (outcome !== null) {
            next[field] = outcome
            changed = true
          }
        }
        const reason = unreadableReason(provider)
        if (lost && !(stored.needsReauth && stored.reauthReason === reason)) {
          Object.assign(next, { needsReauth: true, reauthReason: reason })
          changed = true
          unreadable++
        } else if (!lost && stored.needsReauth && stored.reauthReason === reason) {
          // The key that sealed them is configured again.
          Object.assign(next, { needsReauth: false, reauthReason: null })
          changed = true
        }
        if (changed) {
          if (provider === 'yelp') patch.yelpTokens = next
          else patch.ghlTokens = next
          resealed++
        }
      }
      const apiKey = reseal(box, row.ghlLocationApiKey)
      if (apiKey === 'unreadable') {
        log?.warn(`Client ${clientId}: ${unreadableReason('ghl', 'location API key')}`)
        unreadable++
      } else if (apiKey !== null) {
        patch.ghlLocationApiKey = apiKey
        resealed++
      }
      if (Object.keys(patch).length) await updateClient(tx, clientId, patch)
    })
  }
  if (resealed || unreadable) log?.info({ resealed, unreadable }, 'stored secrets checked against APP_SECRET')
  return { resealed, unreadable }
}

/** The value sealed with the newest key when an older one sealed it; null when nothing to do. */
function reseal(box: SecretBox, sealed: unknown): string | 'unreadable' | null {
  if (typeof sealed !== 'string' || !sealed) return null
  try {
    const { plaintext, stale } = box.openRotating(sealed)
    return stale ? box.seal(plaintext) : null
  } catch (error) {
    if (error instanceof UnreadableSecretError) return 'unreadable'
    throw error
  }
}
