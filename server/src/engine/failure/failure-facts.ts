import { PermanentProviderError } from '../../integrations/http/provider-errors.ts'
import { NeedsReauthError } from '../../integrations/oauth/token-manager.ts'
import { findClient } from '../../repositories/clients.repository.ts'
import { findConnections, findYelpConnection } from '../../repositories/connections.repository.ts'
import { parkOnGhlDailyCap } from '../ghl-daily-cap.ts'
import type { JobDeps } from '../jobs/job-definition.ts'
import type { FailureFacts } from './failure-policy.ts'

// The one place the failure handling reads a client's connections.

type FactDeps = Pick<JobDeps, 'db' | 'tokens' | 'yelpOAuth' | 'log' | 'alerts'>

/** What the policy needs beyond the job itself: read from the database (and Yelp) now. */
export async function gatherFailureFacts(
  deps: FactDeps,
  clientId: string | undefined,
  error: unknown,
  job: Pick<FailureFacts, 'now' | 'horizonMs' | 'retry' | 'isLastAttempt' | 'backoff' | 'random'>,
): Promise<FailureFacts> {
  const none = { ...job, clientDeleted: false, yelpAccessLost: false, dailyCapResetAt: null }
  if (!clientId) return none
  if (!(await findClient(deps.db, clientId))) return { ...none, clientDeleted: true }
  if (error instanceof NeedsReauthError) return none
  if (await lostYelpAccess(deps, clientId, error)) return { ...none, yelpAccessLost: true }
  // Every job of the location waits for the reset from now on, not only this one.
  return { ...none, dailyCapResetAt: await parkOnGhlDailyCap(deps.db, clientId, error, job.now, deps.alerts) }
}

/**
 * Yelp answers 404 both for a missing lead and for a token that lost access to the business
 * (docs/providers/yelp.md §1). When the business is no longer among the token's businesses, the
 * connection is flagged and every job of it parks, instead of each failing on its own 404.
 */
async function lostYelpAccess(deps: FactDeps, clientId: string, error: unknown): Promise<boolean> {
  if (!(error instanceof PermanentProviderError) || error.platform !== 'yelp' || error.status !== 404)
    return false
  try {
    const businessId = (await findYelpConnection(deps.db, clientId))?.businessId
    if (!businessId) return false
    const token = await deps.tokens.yelpAccessToken(clientId)
    const reachable = await deps.yelpOAuth.listBusinesses(token, clientId)
    if (reachable.includes(businessId)) return false
    await deps.tokens.markNeedsReauth('yelp', clientId)
    return true
  } catch (checkError) {
    deps.log.warn({ err: checkError, clientId }, 'could not check the Yelp business access')
    return false
  }
}

/** Whether the client's connection to `provider` is flagged for re-authorization now. */
export async function connectionNeedsReauth(
  deps: Pick<JobDeps, 'db'>,
  clientId: string,
  provider: 'yelp' | 'ghl',
): Promise<boolean> {
  return (await findConnections(deps.db, clientId))?.[provider].needsReauth === true
}
