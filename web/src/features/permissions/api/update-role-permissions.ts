import {
  type Permissions,
  type Role,
  type RolePermissions,
  type RoleUpdateResult,
  roleUpdateResultSchema,
} from '@common/permissions.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { auditLogQueryOptions } from '@/features/permissions/api/get-audit-log.ts'
import { rolePermissionsQueryOptions } from '@/features/permissions/api/get-role-permissions.ts'
import { apiJson } from '@/lib/api-client.ts'

/** PUT /api/permissions/roles/{role} with the whole draft; 409 when admin would lose its guards. */
export async function updateRolePermissions({
  role,
  permissions,
}: {
  role: Role
  permissions: Permissions
}): Promise<RoleUpdateResult> {
  return apiJson('PUT', `/api/permissions/roles/${role}`, roleUpdateResultSchema, { permissions })
}

export function useUpdateRolePermissions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateRolePermissions,
    onSuccess: (saved) => {
      // The answer is the role's stored flags: show them at once, then confirm from the server
      // in the background (the audit list gains an entry too).
      queryClient.setQueryData(
        rolePermissionsQueryOptions().queryKey,
        (current: RolePermissions | undefined) =>
          current ? { ...current, [saved.role]: saved.permissions } : current,
      )
      void queryClient.invalidateQueries({ queryKey: rolePermissionsQueryOptions().queryKey })
      void queryClient.invalidateQueries({ queryKey: auditLogQueryOptions().queryKey })
    },
  })
}
