import type { DB } from '../db/database.ts'
import { oauthStateUses } from '../db/schema.ts'

/**
 * Records that an OAuth state's nonce was used; false when it already was. A state opens one
 * callback only, so a replayed or shared authorization link cannot connect an account twice.
 */
export async function claimOAuthStateUse(
  db: DB,
  use: { nonce: string; provider: string; clientId: string },
): Promise<boolean> {
  const inserted = await db
    .insert(oauthStateUses)
    .values(use)
    .onConflictDoNothing()
    .returning({ nonce: oauthStateUses.nonce })
  return inserted.length > 0
}
