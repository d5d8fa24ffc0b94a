import type { Permissions, Role } from '@common/permissions.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client.ts'

export type RolePermissions = Record<Role, Permissions>

/** GET /api/permissions/roles: each role's 21 flags. */
export async function getRolePermissions(signal?: AbortSignal): Promise<RolePermissions> {
  const res = await apiRequest('GET', '/api/permissions/roles', undefined, { signal })
  return (await res.json()) as RolePermissions
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
