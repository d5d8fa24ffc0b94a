import { PERMISSION_FLAGS, type PermissionFlag, type Permissions, type Role } from '@common/permissions.ts'

/** How many flags a role card counts in its "enabled/total" figure. */
export const PERMISSION_TOTAL = PERMISSION_FLAGS.length

export function countEnabled(
  permissions: Permissions,
  flags: readonly PermissionFlag[] = PERMISSION_FLAGS,
): number {
  return flags.filter((flag) => permissions[flag]).length
}

/** "16/21": enabled flags over all flags (of a group, when `flags` is given). */
export function enabledLabel(
  permissions: Permissions,
  flags: readonly PermissionFlag[] = PERMISSION_FLAGS,
): string {
  return `${countEnabled(permissions, flags)}/${flags.length}`
}

/** The flags whose value in the draft differs from the saved one, in display order. */
export function changedFlags(saved: Permissions, draft: Permissions): PermissionFlag[] {
  return PERMISSION_FLAGS.filter((flag) => saved[flag] !== draft[flag])
}

// The server refuses to take these from the admin role (nobody could manage roles any more),
// so its card keeps them switched on and locked.
const ADMIN_LOCKED: readonly PermissionFlag[] = ['canManageRoles', 'canEditPermissions']

export function isLockedFlag(role: Role, flag: PermissionFlag): boolean {
  return role === 'admin' && ADMIN_LOCKED.includes(flag)
}
