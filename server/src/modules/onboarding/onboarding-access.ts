import { type ClientRow, findClient } from '../../data/clients.repository.ts'
import type { DB } from '../../db/database.ts'
import type { Signer } from '../../lib/signer.ts'
import { onboardingToken } from '../clients/client-view.ts'

/** The client an onboarding link opens, or null when the client or the token is wrong. */
export async function clientForOnboardingToken(
  db: DB,
  signer: Signer,
  clientId: string,
  token: string | undefined,
): Promise<ClientRow | null> {
  if (!token) return null
  const row = await findClient(db, clientId)
  if (!row) return null
  return signer.verify(`onboard:${row.clientId}:${row.id}`, token) && onboardingToken(signer, row) === token
    ? row
    : null
}
