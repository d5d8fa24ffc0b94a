import { z } from 'zod'
import { flagsObject } from './text-bounds.ts'

// Roles and permission flags of docs/spec/dashboard-spec.md §3.2 and §6. The server enforces them on every /api
// route and the web client hides what a role lacks; both read this one definition.

export const ROLES = ['admin', 'manager', 'operator', 'viewer'] as const
export const roleSchema = z.enum(ROLES)
export type Role = z.infer<typeof roleSchema>
export const DEFAULT_ROLE: Role = 'viewer'

export const PERMISSION_GROUPS = [
  {
    label: 'Client Management',
    flags: [
      'canViewClients',
      'canCreateClients',
      'canEditClients',
      'canDeleteClients',
      'canManageClientIntegrations',
    ],
  },
  {
    label: 'User Management',
    flags: ['canViewUsers', 'canCreateUsers', 'canEditUsers', 'canDeleteUsers', 'canAssignClients'],
  },
  {
    label: 'Message & Communication',
    flags: ['canViewMessages', 'canSendMessages', 'canViewInbox', 'canManageConversations'],
  },
  {
    label: 'System & Monitoring',
    flags: ['canViewWebhooks', 'canManageWebhooks', 'canViewSystemStats', 'canManageSettings', 'canViewLogs'],
  },
  { label: 'Permissions Management', flags: ['canManageRoles', 'canEditPermissions'] },
] as const

export type PermissionFlag = (typeof PERMISSION_GROUPS)[number]['flags'][number]
export const PERMISSION_FLAGS: readonly PermissionFlag[] = PERMISSION_GROUPS.flatMap((g) => g.flags)
/** Every flag, each true or false: the server always answers all of them. */
export const permissionsSchema = z.record(z.enum(PERMISSION_FLAGS), z.boolean())
export type Permissions = z.infer<typeof permissionsSchema>

function grant(flags: readonly PermissionFlag[]): Permissions {
  return Object.fromEntries(PERMISSION_FLAGS.map((f) => [f, flags.includes(f)])) as Permissions
}

// Defaults derived from the role descriptions of docs/spec/dashboard-spec.md §6 and the badge labels of §2.9.
// The README carries the same table; change both together.
export const DEFAULT_ROLE_PERMISSIONS: Record<Role, Permissions> = {
  admin: grant(PERMISSION_FLAGS),
  manager: grant([
    'canViewClients',
    'canCreateClients',
    'canEditClients',
    'canDeleteClients',
    'canManageClientIntegrations',
    'canViewUsers',
    'canCreateUsers',
    'canEditUsers',
    'canAssignClients',
    'canViewMessages',
    'canSendMessages',
    'canViewInbox',
    'canManageConversations',
    'canViewWebhooks',
    'canViewSystemStats',
    'canViewLogs',
  ]),
  operator: grant([
    'canViewClients',
    'canViewMessages',
    'canSendMessages',
    'canViewInbox',
    'canManageConversations',
    'canViewSystemStats',
  ]),
  viewer: grant(['canViewClients', 'canViewMessages', 'canViewInbox', 'canViewSystemStats']),
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value)
}

// A role never reaches above itself (docs/decisions/0016 §1). Admin > manager > operator > viewer, whatever
// flags an edited role holds; the server refuses, the user screens offer only reachable roles.
const ROLE_RANK: Record<Role, number> = { admin: 3, manager: 2, operator: 1, viewer: 0 }

/** True when `role` sits above `than` (a user may only grant or touch roles up to its own). */
export function isRoleAbove(role: Role, than: Role): boolean {
  return ROLE_RANK[role] > ROLE_RANK[than]
}

/** The roles a user of `role` may grant: its own and those below it. */
export function grantableRoles(role: Role): Role[] {
  return ROLES.filter((r) => !isRoleAbove(r, role))
}

/** PUT /api/permissions/roles/{role}: any subset of the flags, nothing else (docs/decisions/0016 §3). */
export const rolePermissionsBodySchema = z.object({
  permissions: flagsObject(PERMISSION_FLAGS),
})
export type RolePermissionsChange = Partial<Record<PermissionFlag, boolean>>

/** GET /api/permissions/roles: each role's flags. */
export const rolePermissionsSchema = z.record(roleSchema, permissionsSchema)
export type RolePermissions = z.infer<typeof rolePermissionsSchema>

/** PUT /api/permissions/roles/{role}: the role's flags as stored after the change. */
export const roleUpdateResultSchema = z.object({ role: roleSchema, permissions: permissionsSchema })
export type RoleUpdateResult = z.infer<typeof roleUpdateResultSchema>

/** Whom a check beyond one permission flag is about: the signed-in user's role and flags. */
export interface AccessSubject {
  role: Role
  permissions: Permissions
}

/**
 * A route's requirement beyond one flag, named for its 403 and the route table. The server's
 * guard and the web's menus read the same rule.
 */
export interface AccessRule {
  name: string
  allows(user: AccessSubject): boolean
}

/**
 * Alert channels are for admins and managers (docs/spec/product.md §9.3), but the default
 * manager has no canManageSettings (dashboard-spec §6: settings are the admin's): the manager
 * role, or anyone granted canManageSettings. Managers see every client, so a channel on "every
 * client" shows them nothing they could not already see.
 */
export const MANAGE_ALERT_CHANNELS: AccessRule = {
  name: 'manage alert channels',
  allows: (user) => user.role === 'manager' || user.permissions.canManageSettings === true,
}
