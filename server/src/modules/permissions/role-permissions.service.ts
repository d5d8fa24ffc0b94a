import {
  isRole,
  type Permissions,
  ROLES,
  type Role,
  type RolePermissions,
  type RoleUpdateResult,
} from '@common/permissions.ts'
import type { DB } from '../../db/database.ts'
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts'
import { recordAudit } from '../../repositories/audit.repository.ts'
import {
  listRolePermissionRows,
  lockRolePermissions,
  saveRolePermissions,
  toPermissions,
} from '../../repositories/role-permissions.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { actorOf } from '../users/users.service.ts'

// Without these the admin role could lock everyone out of the permission screen for good.
const ADMIN_KEEPS = ['canManageRoles', 'canEditPermissions'] as const

export class RolePermissionsService {
  constructor(private readonly db: DB) {}

  async all(): Promise<RolePermissions> {
    const rows = await listRolePermissionRows(this.db)
    const byRole = new Map(rows.map((row) => [row.role, row.permissions]))
    return Object.fromEntries(ROLES.map((role) => [role, toPermissions(byRole.get(role))])) as Record<
      Role,
      Permissions
    >
  }

  /**
   * Merges the given flags into the role's and answers the role with its stored flags; unknown
   * roles are 404, admin keeps its guards.
   * Only an admin edits roles, whatever flags another role was given (docs/decisions/0016 §1): flags are
   * the one thing a role could otherwise use to lift itself.
   */
  async update(
    role: string,
    changes: Partial<Permissions>,
    session: AuthenticatedSession,
  ): Promise<RoleUpdateResult> {
    if (session.user.role !== 'admin') throw new ForbiddenError('Only an admin can change role permissions')
    if (!isRole(role)) throw new NotFoundError(`Role ${role} not found`)
    const actor = actorOf(session)
    return this.db.transaction(async (tx) => {
      const before = await lockRolePermissions(tx, role)
      const after = { ...before, ...changes }
      if (role === 'admin') {
        const lost = ADMIN_KEEPS.filter((flag) => !after[flag])
        if (lost.length) throw new ConflictError(`The admin role must keep ${lost.join(' and ')}`)
      }
      await saveRolePermissions(tx, role, after)
      const changed = Object.fromEntries(
        Object.entries(after).filter(([flag, value]) => before[flag as keyof Permissions] !== value),
      )
      if (Object.keys(changed).length) {
        await recordAudit(tx, actor, {
          action: 'role_permissions.update',
          entityType: 'role',
          entityId: role,
          before: Object.fromEntries(
            Object.keys(changed).map((flag) => [flag, before[flag as keyof Permissions]]),
          ),
          after: changed,
        })
      }
      return { role, permissions: after }
    })
  }
}
