import type { SessionUser } from '@common/auth.ts'
import { isRole } from '@common/permissions.ts'
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
  insertSession,
} from '../../repositories/auth.repository.ts'
import { toPermissions } from '../../repositories/role-permissions.repository.ts'
import { findUserCredentials, recordLogin } from '../../repositories/users.repository.ts'
import type { SessionTimeout } from '../settings/session-timeout.ts'

// Sliding expiry is written at most once a minute per session (a tenth of a shorter timeout).
const EXTEND_GRANULARITY_MS = 60_000

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
    const row = await findLiveSession(this.db, hashToken(token), now)
    if (!row) return null
    if (!row.user.isActive || !isRole(row.user.role)) {
      await deleteSessionById(this.db, row.sessionId)
      return null
    }
    const timeoutMs = (await this.sessionTimeout.minutes()) * 60_000
    const slidTo = now.getTime() + timeoutMs
    // Moved either way: forward as the user is active, back when the timeout was shortened.
    const granularity = Math.min(EXTEND_GRANULARITY_MS, timeoutMs / 10)
    if (Math.abs(slidTo - row.expiresAt.getTime()) >= granularity) {
      await extendSession(this.db, row.sessionId, new Date(slidTo))
    }
    return {
      sessionId: row.sessionId,
      user: {
        id: row.user.id,
        username: row.user.username,
        email: row.user.email,
        firstName: row.user.firstName,
        lastName: row.user.lastName,
        role: row.user.role,
        isActive: row.user.isActive,
        lastLogin: row.user.lastLogin?.toISOString() ?? null,
        permissions: toPermissions(row.rolePermissions),
      },
    }
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await deleteSessionByHash(this.db, hashToken(token))
  }
}
