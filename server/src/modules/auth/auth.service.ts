import type { SessionUser } from '@common/auth.ts'
import { isRole, type Role } from '@common/permissions.ts'
import type { DB } from '../../db/database.ts'
import type { AuthenticatedSession } from '../../lib/authenticated-session.ts'
import { UnauthorizedError } from '../../lib/errors.ts'
import { verifyPassword } from '../../lib/passwords.ts'
import { hashToken, randomToken } from '../../lib/tokens.ts'
import {
  deleteSessionByHash,
  deleteSessionById,
  extendSession,
  findLiveSession,
  findLiveSessionById,
  insertSession,
} from '../../repositories/auth.repository.ts'
import { toPermissions } from '../../repositories/role-permissions.repository.ts'
import { findUserCredentials, recordLogin } from '../../repositories/users.repository.ts'
import type { SessionTimeout } from '../settings/session-timeout.ts'

// Sliding expiry is written at most once a minute per session (a tenth of a shorter timeout).
const EXTEND_GRANULARITY_MS = 60_000
/**
 * However active, a session ends this long after sign-in (README "Security"): a stolen cookie
 * kept busy does not live forever, and everyone types their password at least monthly.
 */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60_000

// The type lives in lib/ so the guard (http/) reads it without importing this module; the
// services keep importing it from here.
export type { AuthenticatedSession }

export class AuthService {
  constructor(
    private readonly db: DB,
    private readonly sessionTimeout: SessionTimeout,
    /** The time sessions are judged by; tests pass a clock they can move. */
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Checks credentials and opens a session; returns the cookie token and the user. */
  /** Failed attempts are throttled per (username, address) by the route (http/rate-limits.ts). */
  async login(username: string, password: string): Promise<{ token: string; user: SessionUser }> {
    const now = this.clock()
    const credentials = await findUserCredentials(this.db, username)
    const passwordMatches = await verifyPassword(credentials?.passwordHash ?? null, password)
    // Unknown user, wrong password and inactive user all read the same to the caller.
    if (!credentials || !passwordMatches || !credentials.isActive) {
      throw new UnauthorizedError('Invalid credentials')
    }
    const token = randomToken()
    const timeoutMs = (await this.sessionTimeout.minutes()) * 60_000
    await insertSession(this.db, credentials.id, hashToken(token), new Date(now.getTime() + timeoutMs))
    await recordLogin(this.db, credentials.id, now)
    const session = await this.authenticate(token)
    if (!session) throw new UnauthorizedError('Invalid credentials')
    return { token, user: session.user }
  }

  /** The signed-in user behind a cookie token, sliding its idle expiry; null when none. */
  async authenticate(token: string | undefined): Promise<AuthenticatedSession | null> {
    if (!token) return null
    const now = this.clock()
    const live = await this.usable(await findLiveSession(this.db, hashToken(token), now, openedAfter(now)))
    if (!live) return null
    const { row } = live
    const timeoutMs = (await this.sessionTimeout.minutes()) * 60_000
    const slidTo = now.getTime() + timeoutMs
    // Moved either way: forward as the user is active, back when the timeout was shortened.
    const granularity = Math.min(EXTEND_GRANULARITY_MS, timeoutMs / 10)
    if (Math.abs(slidTo - row.expiresAt.getTime()) >= granularity) {
      await extendSession(this.db, row.sessionId, new Date(slidTo))
    }
    return toSession(live)
  }

  /**
   * The session as it stands now, for a long-lived connection opened with it (the event
   * stream): null once it was ended, expired or its user deactivated. It does not slide the
   * expiry: an open tab is not activity.
   */
  async recheck(session: AuthenticatedSession): Promise<AuthenticatedSession | null> {
    const now = this.clock()
    const live = await this.usable(
      await findLiveSessionById(this.db, session.sessionId, now, openedAfter(now)),
    )
    return live ? { ...toSession(live), address: session.address } : null
  }

  /** The row and its user's role, or null (deleting it) when its user may no longer sign in. */
  private async usable(row: LiveSessionRow | null): Promise<UsableSession | null> {
    if (!row) return null
    const role = row.user.role
    if (!row.user.isActive || !isRole(role)) {
      await deleteSessionById(this.db, row.sessionId)
      return null
    }
    return { row, role }
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await deleteSessionByHash(this.db, hashToken(token))
  }
}

function openedAfter(now: Date): Date {
  return new Date(now.getTime() - SESSION_MAX_AGE_MS)
}

type LiveSessionRow = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>
interface UsableSession {
  row: LiveSessionRow
  role: Role
}

function toSession({ row, role }: UsableSession): AuthenticatedSession {
  return {
    sessionId: row.sessionId,
    user: {
      id: row.user.id,
      username: row.user.username,
      email: row.user.email,
      firstName: row.user.firstName,
      lastName: row.user.lastName,
      role,
      isActive: row.user.isActive,
      lastLogin: row.user.lastLogin?.toISOString() ?? null,
      permissions: toPermissions(row.rolePermissions),
    },
  }
}
