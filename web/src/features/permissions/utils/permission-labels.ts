import type { PermissionFlag } from '@common/permissions.ts'

/** Plain-language names of the 21 flags of docs/spec/dashboard-spec.md §3.2, as the Role & Permissions cards show them. */
export const PERMISSION_LABELS: Record<PermissionFlag, string> = {
  canViewClients: 'View clients',
  canCreateClients: 'Create clients',
  canEditClients: 'Edit clients',
  canDeleteClients: 'Delete clients',
  canManageClientIntegrations: 'Manage client integrations',
  canViewUsers: 'View users',
  canCreateUsers: 'Create users',
  canEditUsers: 'Edit users',
  canDeleteUsers: 'Delete users',
  canAssignClients: 'Assign clients to users',
  canViewMessages: 'View message logs',
  canSendMessages: 'Send messages',
  canViewInbox: 'View lead inbox',
  canManageConversations: 'Manage conversations',
  canViewWebhooks: 'View API & webhook logs',
  canManageWebhooks: 'Manage webhooks',
  canViewSystemStats: 'View system statistics',
  canManageSettings: 'Manage settings',
  canViewLogs: 'View logs and audit trail',
  canManageRoles: 'Open Role & Permissions',
  canEditPermissions: 'Edit role permissions',
}
