import type { DB } from '../../db/database.ts'
import { ForbiddenError } from '../../lib/errors.ts'
import type { Signer } from '../../lib/signer.ts'
import { type ClientRow, findClient } from '../../repositories/clients.repository.ts'
import { type ClientConnections, findConnections } from '../../repositories/connections.repository.ts'
import { onboardingLinkStatus, onboardingMessage } from '../clients/client-view.ts'

export const INVALID_LINK = 'This onboarding link is invalid'
const REFUSALS = {
  expired: 'This onboarding link has expired: ask for a new one',
  completed:
    'This onboarding link has been used: both accounts are connected. Ask for a new link to change them',
} as const

/**
 * The client an onboarding link opens. Refuses (403, saying why) a wrong token, a revoked one
 * (a newer link exists), an expired one, and one whose work is done (docs/decisions/0016 §6).
 */
export async function clientForOnboardingToken(
  db: DB,
  signer: Signer,
  clientId: string,
  token: string | undefined,
): Promise<{ row: ClientRow; connections: ClientConnections }> {
  const row = token ? await findClient(db, clientId) : null
  if (!row || !token || !signer.verify(onboardingMessage(row), token)) throw new ForbiddenError(INVALID_LINK)
  const connections = await findConnections(db, clientId)
  if (!connections) throw new ForbiddenError(INVALID_LINK)
  const status = onboardingLinkStatus(row, connections)
  if (status !== 'active') throw new ForbiddenError(REFUSALS[status])
  return { row, connections }
}
