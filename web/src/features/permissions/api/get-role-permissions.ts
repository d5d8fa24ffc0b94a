import { type RolePermissions, rolePermissionsSchema } from '@common/permissions.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/permissions/roles: each role's 21 flags. */
export async function getRolePermissions(signal?: AbortSignal): Promise<RolePermissions> {
  return apiJson('GET', '/api/permissions/roles', rolePermissionsSchema, undefined, { signal })
}

export function rolePermissionsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/permissions/roles'],
    queryFn: ({ signal }) => getRolePermissions(signal),
  })
}

export function useRolePermissions() {
  return useQuery(rolePermissionsQueryOptions())
}
