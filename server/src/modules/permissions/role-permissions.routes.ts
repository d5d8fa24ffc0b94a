import {
  type RolePermissions,
  type RoleUpdateResult,
  rolePermissionsBodySchema,
} from '@common/permissions.ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import type { RolePermissionsService } from './role-permissions.service.ts'

// docs/spec/dashboard-spec.md §9: a role name is at most 50 characters.
const roleParams = z.object({ role: z.string().min(1).max(50, 'role must be at most 50 characters') })

export function registerRolePermissionRoutes(app: FastifyInstance, roles: RolePermissionsService): void {
  app.get(
    '/api/permissions/roles',
    { config: { access: 'canManageRoles' } },
    async (): Promise<RolePermissions> => roles.all(),
  )

  app.put(
    '/api/permissions/roles/:role',
    { config: { access: 'canEditPermissions', body: rolePermissionsBodySchema } },
    async (request): Promise<RoleUpdateResult> => {
      const { role } = parseInput(roleParams, request.params)
      const { permissions } = parseInput(rolePermissionsBodySchema, request.body)
      return roles.update(role, permissions, requireSession(request))
    },
  )
}
