import type {
  AssignmentPermissions,
  CreateUserInput,
  ListedUser,
  SavedUser,
  UpdateUserInput,
} from '@common/users.ts'
import type { DB } from '../../db/database.ts'
import { ConflictError, NotFoundError } from '../../lib/errors.ts'
import { hashPassword } from '../../lib/passwords.ts'
import {
  deleteAssignment,
  findAssignment,
  findClientName,
  listAssignmentsForUsers,
  upsertAssignment,
} from '../../repositories/assignments.repository.ts'
import { type Actor, recordAudit } from '../../repositories/audit.repository.ts'
import {
  deleteUser,
  deleteUserSessions,
  findUserById,
  insertUser,
  isUsernameTaken,
  listUsers,
  lockActiveAdminIds,
  type PublicUser,
  type UserChanges,
  updateUser,
} from '../../repositories/users.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { assertClientVisible, visibleClientIds } from '../clients/client-scope.ts'
import {
  ensureCurrentPassword,
  ensureMayGrant,
  ensureMayManage,
  ensureMaySetPassword,
  ensureUserVisible,
} from './user-reach.ts'

/**
 * Users, their client assignments, and the rules that keep at least one admin able to sign in.
 * Operators and viewers see and assign only within their own clients, change only the users
 * whose clients are all theirs, and set no password but their own
 * (docs/decisions/0022-what-scoped-roles-see.md).
 */
export class UsersService {
  constructor(private readonly db: DB) {}

  /** Everyone for admins and managers; for a scoped role, itself and the users of its clients. */
  async list(session: AuthenticatedSession): Promise<ListedUser[]> {
    const scope = await visibleClientIds(this.db, session)
    const all = await listUsers(this.db)
    const assignments = (
      await listAssignmentsForUsers(
        this.db,
        all.map((u) => u.id),
      )
    ).filter((a) => scope === null || scope.includes(a.clientId))
    const users =
      scope === null
        ? all
        : all.filter((u) => u.id === session.user.id || assignments.some((a) => a.userId === u.id))
    return users.map((user) => ({
      ...toAuditShape(user),
      clientAssignments: assignments
        .filter((a) => a.userId === user.id)
        .map((a) => ({ clientId: a.clientId, client: { name: a.name } })),
    }))
  }

  async create(input: CreateUserInput, session: AuthenticatedSession): Promise<SavedUser> {
    ensureMayGrant(session, input.role)
    const actor = actorOf(session)
    const passwordHash = await hashPassword(input.password)
    return this.db.transaction(async (tx) => {
      const created = await insertUser(tx, { ...input, passwordHash })
      if (!created) throw new ConflictError(`Username ${input.username} is already taken`)
      await recordAudit(tx, actor, {
        action: 'user.create',
        entityType: 'user',
        entityId: created.id,
        after: toAuditShape(created),
      })
      return toAuditShape(created)
    })
  }

  async update(id: number, input: UpdateUserInput, session: AuthenticatedSession): Promise<SavedUser> {
    if (input.password && id === session.user.id) {
      await ensureCurrentPassword(this.db, session, input.currentPassword)
    }
    const passwordHash = input.password ? await hashPassword(input.password) : undefined
    return this.db.transaction(async (tx) => {
      const activeAdmins = await lockActiveAdminIds(tx)
      const before = await findUserById(tx, id)
      if (!before) throw new NotFoundError(`User ${id} not found`)
      await ensureUserVisible(tx, session, id)
      ensureMayManage(session, before)
      if (passwordHash) await ensureMaySetPassword(tx, session, id)
      if (input.role !== undefined) ensureMayGrant(session, input.role)
      if (input.username && (await isUsernameTaken(tx, input.username, id))) {
        throw new ConflictError(`Username ${input.username} is already taken`)
      }
      const staysActiveAdmin = (input.role ?? before.role) === 'admin' && (input.isActive ?? before.isActive)
      if (isLastActiveAdmin(activeAdmins, id) && !staysActiveAdmin) {
        throw new ConflictError(
          `${before.username} is the last active admin: make another user an active admin first`,
        )
      }
      const changes: UserChanges = {
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        isActive: input.isActive,
        passwordHash,
      }
      const after = await updateUser(tx, id, dropUndefined(changes))
      if (!after) throw new NotFoundError(`User ${id} not found`)
      // Deactivation ends every session; a new password ends the user's other sessions.
      if (!after.isActive) await deleteUserSessions(tx, id)
      else if (passwordHash)
        await deleteUserSessions(tx, id, session.user.id === id ? session.sessionId : undefined)
      await recordAudit(tx, actorOf(session), {
        action: 'user.update',
        entityType: 'user',
        entityId: id,
        before: toAuditShape(before),
        after: { ...toAuditShape(after), ...(passwordHash ? { passwordChanged: true } : {}) },
      })
      return toAuditShape(after)
    })
  }

  /** The caller's own password, given the current one; its other sessions end. */
  async changeOwnPassword(current: string, next: string, session: AuthenticatedSession): Promise<void> {
    const onlyThePassword: UpdateUserInput = {
      password: next,
      currentPassword: current,
      email: undefined,
      firstName: undefined,
      lastName: undefined,
    }
    await this.update(session.user.id, onlyThePassword, session)
  }

  async remove(id: number, session: AuthenticatedSession): Promise<void> {
    await this.db.transaction(async (tx) => {
      const activeAdmins = await lockActiveAdminIds(tx)
      const before = await findUserById(tx, id)
      if (!before) throw new NotFoundError(`User ${id} not found`)
      await ensureUserVisible(tx, session, id)
      ensureMayManage(session, before)
      if (id === session.user.id) throw new ConflictError('You cannot delete your own account')
      if (isLastActiveAdmin(activeAdmins, id)) {
        throw new ConflictError(`${before.username} is the last active admin and cannot be deleted`)
      }
      await deleteUser(tx, id)
      await recordAudit(tx, actorOf(session), {
        action: 'user.delete',
        entityType: 'user',
        entityId: id,
        before: toAuditShape(before),
      })
    })
  }

  async assign(
    userId: number,
    clientId: string,
    permissions: AssignmentPermissions,
    session: AuthenticatedSession,
  ): Promise<void> {
    const actor = actorOf(session)
    await this.db.transaction(async (tx) => {
      // The client first: one outside the caller's is "not found" whoever the user is.
      await assertClientVisible(tx, session, clientId)
      const user = await findUserById(tx, userId)
      if (!user) throw new NotFoundError(`User ${userId} not found`)
      await ensureUserVisible(tx, session, userId)
      ensureMayManage(session, user)
      const clientName = await findClientName(tx, clientId)
      if (clientName === null) throw new NotFoundError(`Client ${clientId} not found`)
      const created = await upsertAssignment(tx, { userId, clientId, permissions, assignedBy: actor.id })
      if (created) {
        await recordAudit(tx, actor, {
          action: 'assignment.create',
          entityType: 'assignment',
          entityId: `${user.username}:${clientId}`,
          after: { userId, username: user.username, clientId, clientName },
        })
      }
    })
  }

  async unassign(userId: number, clientId: string, session: AuthenticatedSession): Promise<void> {
    const actor = actorOf(session)
    await this.db.transaction(async (tx) => {
      // The client first: one outside the caller's is "not found" whoever the user is.
      await assertClientVisible(tx, session, clientId)
      const user = await findUserById(tx, userId)
      if (!user) throw new NotFoundError(`User ${userId} not found`)
      await ensureUserVisible(tx, session, userId)
      ensureMayManage(session, user)
      const existing = await findAssignment(tx, userId, clientId)
      if (!existing) throw new NotFoundError(`User ${user.username} is not assigned to client ${clientId}`)
      // The name, so the audit list reads "unassigned olivia from Acme Plumbing", not an id.
      const clientName = await findClientName(tx, clientId)
      await deleteAssignment(tx, userId, clientId)
      await recordAudit(tx, actor, {
        action: 'assignment.delete',
        entityType: 'assignment',
        entityId: `${user.username}:${clientId}`,
        before: { userId, username: user.username, clientId, clientName },
      })
    })
  }
}

export function actorOf(session: AuthenticatedSession): Actor {
  return { id: session.user.id, username: session.user.username, address: session.address }
}

function isLastActiveAdmin(activeAdminIds: number[], userId: number): boolean {
  return activeAdminIds.length === 1 && activeAdminIds[0] === userId
}

/** The public shape of a user: what responses and audit entries may hold (never the hash). */
function toAuditShape(user: PublicUser): SavedUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    isActive: user.isActive,
    lastLogin: user.lastLogin?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  }
}

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
