import {
  isRole,
  type Permissions,
  ROLES,
  type Role,
  type RolePermissions,
  type RoleUpdateResult,
} from '@common/permissions.ts'
import { type Actor, recordAudit } from '../../data/audit.repository.ts'
import {
  listRolePermissionRows,
  lockRolePermissions,
  saveRolePermissions,
  toPermissions,
} from '../../data/role-permissions.repository.ts'
import type { DB } from '../../db/database.ts'
import { ConflictError, NotFoundError } from '../../lib/errors.ts'

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
   */
  async update(role: string, changes: Partial<Permissions>, actor: Actor): Promise<RoleUpdateResult> {
    if (!isRole(role)) throw new NotFoundError(`Role ${role} not found`)
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
