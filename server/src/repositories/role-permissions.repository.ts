import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_FLAGS, type Permissions, ROLES } from '@common/permissions.ts'
import { eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { rolePermissions } from '../db/schema.ts'

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

export async function listRolePermissionRows(db: DB) {
  return db
    .select({ role: rolePermissions.role, permissions: rolePermissions.permissions })
    .from(rolePermissions)
}

/** The role's stored flags, locked until the transaction ends. */
export async function lockRolePermissions(db: DB, role: string): Promise<Permissions> {
  const [row] = await db
    .select({ permissions: rolePermissions.permissions })
    .from(rolePermissions)
    .where(eq(rolePermissions.role, role))
    .for('update')
  return toPermissions(row?.permissions)
}

export async function saveRolePermissions(db: DB, role: string, permissions: Permissions): Promise<void> {
  await db
    .insert(rolePermissions)
    .values({ role, permissions })
    .onConflictDoUpdate({ target: rolePermissions.role, set: { permissions, updatedAt: sql`now()` } })
}
