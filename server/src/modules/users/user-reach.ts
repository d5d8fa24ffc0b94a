import { isRole, isRoleAbove, type Role } from '@common/permissions.ts'
import type { DB } from '../../db/database.ts'
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import { verifyPassword } from '../../lib/passwords.ts'
import { listAssignedClientIds } from '../../repositories/assignments.repository.ts'
import { findUserCredentials, type PublicUser } from '../../repositories/users.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { visibleClientIds } from '../clients/client-scope.ts'

// Whom a signed-in user may touch in the user screens, beyond the route's permission flag.

/**
 * A scoped role reaches a user only when every client of that user is one of its own: sharing
 * one client is not enough, or an operator could take over another client's staff. A user it
 * does not list (no client in common, or no client at all) is "not found", as in the list; one
 * it lists but with clients beyond its own is refused (docs/decisions/0022-what-scoped-roles-see.md).
 */
export async function ensureUserVisible(
  db: DB,
  session: AuthenticatedSession,
  userId: number,
): Promise<void> {
  const scope = await visibleClientIds(db, session)
  if (scope === null || userId === session.user.id) return
  const theirs = await listAssignedClientIds(db, userId)
  if (!theirs.some((clientId) => scope.includes(clientId)))
    throw new NotFoundError(`User ${userId} not found`)
  if (!theirs.every((clientId) => scope.includes(clientId)))
    throw new ForbiddenError(`User ${userId} is also assigned to clients outside yours`)
}

/**
 * A scoped role sets no password but its own: a password it chose is a way into that account,
 * and through it into whatever that user is later given.
 */
export async function ensureMaySetPassword(
  db: DB,
  session: AuthenticatedSession,
  userId: number,
): Promise<void> {
  if (userId === session.user.id) return
  if ((await visibleClientIds(db, session)) !== null)
    throw new ForbiddenError("Only admins and managers set another user's password")
}

/** Nobody grants a role above their own (README "Sign-in and permissions"). */
export function ensureMayGrant(session: AuthenticatedSession, role: Role): void {
  if (isRoleAbove(role, session.user.role)) {
    throw new ForbiddenError(`Your role (${session.user.role}) cannot grant the ${role} role`)
  }
}

/** Nobody edits, resets, deletes or reassigns a user whose role is above theirs (same README section). */
export function ensureMayManage(session: AuthenticatedSession, target: PublicUser): void {
  // A role the code does not know (edited by hand in the database) is treated as the highest.
  const above = isRole(target.role)
    ? isRoleAbove(target.role, session.user.role)
    : session.user.role !== 'admin'
  if (above) {
    throw new ForbiddenError(`Your role (${session.user.role}) cannot change ${target.role} users`)
  }
}

/**
 * One's own password changes only with the current one: a borrowed, unlocked screen is not
 * enough to take the account over. Admins resetting someone else's need no such proof.
 */
export async function ensureCurrentPassword(
  db: DB,
  session: AuthenticatedSession,
  current: string | undefined,
): Promise<void> {
  if (!current) {
    throw new ValidationError('currentPassword: Current password is required to change your own password')
  }
  const credentials = await findUserCredentials(db, session.user.username)
  if (!(await verifyPassword(credentials?.passwordHash ?? null, current))) {
    throw new ValidationError('currentPassword: Current password is incorrect')
  }
}
