import {
  type Permissions,
  type RolePermissions,
  type RoleUpdateResult,
  rolePermissionsBodySchema,
} from '@common/permissions.ts'
import type { FastifyInstance } from 'fastify'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import { actorOf } from '../users/users.service.ts'
import type { RolePermissionsService } from './role-permissions.service.ts'

export function registerRolePermissionRoutes(app: FastifyInstance, roles: RolePermissionsService): void {
  app.get(
    '/api/permissions/roles',
    { config: { access: 'canManageRoles' } },
    async (): Promise<RolePermissions> => roles.all(),
  )

  app.put<{ Params: { role: string } }>(
    '/api/permissions/roles/:role',
    { config: { access: 'canEditPermissions' } },
    async (request): Promise<RoleUpdateResult> => {
      const { permissions } = parseInput(rolePermissionsBodySchema, request.body)
      return roles.update(
        request.params.role,
        permissions as Partial<Permissions>,
        actorOf(requireSession(request)),
      )
    },
  )
}
