import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_FLAGS, type Permissions, ROLES } from '@common/permissions.ts'
import type { DB } from '../../db/database.ts'
import { rolePermissions } from '../../db/schema.ts'

/** Writes the default flags for any of the four roles that has no row yet; keeps edited rows. */
export async function seedRolePermissions(db: DB): Promise<void> {
  await db
    .insert(rolePermissions)
    .values(ROLES.map((role) => ({ role, permissions: DEFAULT_ROLE_PERMISSIONS[role] })))
    .onConflictDoNothing({ target: rolePermissions.role })
}

/** Reads stored flags strictly: a flag missing from the stored JSON is denied. */
export function toPermissions(stored: Record<string, unknown> | null | undefined): Permissions {
  return Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, stored?.[flag] === true])) as Permissions
}
