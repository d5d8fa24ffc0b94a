import type { DB } from '../../db/database.ts'
import { isPlainUrl, isSealedType } from '../../integrations/alerts/sealed-target.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import {
  listAlertChannelSealed,
  replaceAlertChannelSealed,
} from '../../repositories/alert-channels.repository.ts'

/**
 * Run at start, like the provider tokens' re-seal (engine/secret-rotation.ts): a slack or webhook
 * URL stored in plain text (before targets were sealed) is sealed, and a target or signing secret
 * sealed with an older APP_SECRET key is re-sealed with the newest, so the old key can be dropped.
 * A value no key opens is left as it is (its deliveries fail and say so) and counted.
 */
export async function sealStoredAlertTargets(
  db: DB,
  box: SecretBox,
  log?: { warn(message: string): void },
): Promise<{ sealed: number; resealed: number; unreadable: number }> {
  const outcome = { sealed: 0, resealed: 0, unreadable: 0 }
  for (const row of await listAlertChannelSealed(db)) {
    let changed = false
    let target = row.target
    let secret = row.secret
    try {
      if (isSealedType(row.type) && isPlainUrl(row.target)) {
        target = box.seal(row.target)
        outcome.sealed++
        changed = true
      } else if (isSealedType(row.type)) {
        const opened = box.openRotating(row.target)
        if (opened.stale) {
          target = box.seal(opened.plaintext)
          changed = true
        }
      }
      if (row.secret) {
        const opened = box.openRotating(row.secret)
        if (opened.stale) {
          secret = box.seal(opened.plaintext)
          changed = true
        }
      }
    } catch {
      outcome.unreadable++
      log?.warn(`Alert channel ${row.id}: its target or signing secret opens with no configured APP_SECRET`)
      continue
    }
    if (changed && (await replaceAlertChannelSealed(db, row, { target, secret }))) outcome.resealed++
  }
  return outcome
}
