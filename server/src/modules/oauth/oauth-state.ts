import { randomBytes } from 'node:crypto'
import type { DB } from '../../db/database.ts'
import type { Signer } from '../../lib/signer.ts'
import { claimOAuthStateUse } from '../../repositories/oauth-state-uses.repository.ts'

export type OAuthProvider = 'yelp' | 'ghl'

export interface OAuthState {
  provider: OAuthProvider
  clientId: string
  autoSync: boolean
  /** Who started it: an operator in the dashboard, or the client through its onboarding link. */
  via: 'dashboard' | 'onboarding'
}

const LIFETIME_MS = 10 * 60_000

export class OAuthStateError extends Error {}

/** Signs a state that binds the client, expires in ten minutes, and can be used once. */
export function issueState(signer: Signer, state: OAuthState, now = Date.now()): string {
  return signer.seal({
    n: randomBytes(16).toString('base64url'),
    p: state.provider,
    c: state.clientId,
    a: state.autoSync,
    v: state.via,
    e: now + LIFETIME_MS,
  })
}

/** Verifies a returned state and records its use; a second use is refused. */
export async function consumeState(
  db: DB,
  signer: Signer,
  token: string | undefined,
  provider: OAuthProvider,
  now = Date.now(),
): Promise<OAuthState> {
  const payload = token ? signer.unseal(token) : null
  if (!payload || typeof payload !== 'object')
    throw new OAuthStateError('The authorization link is invalid or was altered.')
  const { n, p, c, a, v, e } = payload as Record<string, unknown>
  if (typeof n !== 'string' || p !== provider || typeof c !== 'string' || typeof e !== 'number') {
    throw new OAuthStateError('The authorization link is invalid or was altered.')
  }
  if (e < now) throw new OAuthStateError('The authorization link expired (after 10 minutes). Start again.')
  if (!(await claimOAuthStateUse(db, { nonce: n, provider, clientId: c })))
    throw new OAuthStateError('This authorization link was already used. Start again.')
  return { provider, clientId: c, autoSync: a === true, via: v === 'onboarding' ? 'onboarding' : 'dashboard' }
}
