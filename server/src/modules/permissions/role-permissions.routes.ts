import type { Permissions } from '@common/permissions.ts'
import { rolePermissionsBodySchema } from '@common/users.ts'
import type { FastifyInstance } from 'fastify'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import type { RolePermissionsService } from './role-permissions.service.ts'

export function registerRolePermissionRoutes(app: FastifyInstance, roles: RolePermissionsService): void {
  app.get('/api/permissions/roles', { config: { access: 'canManageRoles' } }, async () => roles.all())

  app.put<{ Params: { role: string } }>(
    '/api/permissions/roles/:role',
    { config: { access: 'canEditPermissions' } },
    async (request) => {
      const { permissions } = parseInput(rolePermissionsBodySchema, request.body)
      const updated = await roles.update(
        request.params.role,
        permissions as Partial<Permissions>,
        requireSession(request),
      )
      return { role: request.params.role, permissions: updated }
    },
  )
}
