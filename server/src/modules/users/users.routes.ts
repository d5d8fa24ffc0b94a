import type { OkResponse } from '@common/api.ts'
import {
  assignmentBodySchema,
  changePasswordSchema,
  createUserSchema,
  type ListedUser,
  type SavedUser,
  updateUserSchema,
} from '@common/users.ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireSession as sessionOf } from '../../http/guard.ts'
import { perAddress, RATE_LIMITS } from '../../http/rate-limits.ts'
import { parseInput } from '../../lib/validation.ts'
import type { UsersService } from './users.service.ts'

const userIdParams = z.object({
  id: z.coerce.number('id must be a number').int().positive('id must be positive'),
})
const assignmentParams = z.object({
  userId: z.coerce.number('userId must be a number').int().positive('userId must be positive'),
  clientId: z.string().min(1, 'clientId is required').max(64, 'clientId must be at most 64 characters'),
})

export function registerUserRoutes(app: FastifyInstance, users: UsersService): void {
  app.get(
    '/api/users',
    { config: { access: 'canViewUsers' } },
    async (request): Promise<ListedUser[]> => users.list(sessionOf(request)),
  )

  app.post<{ Reply: SavedUser }>(
    '/api/users',
    { config: { access: 'canCreateUsers', body: createUserSchema } },
    async (request, reply) => {
      const input = parseInput(createUserSchema, request.body)
      const created = await users.create(input, sessionOf(request))
      return reply.code(201).send(created)
    },
  )

  app.put(
    '/api/users/:id',
    { config: { access: 'canEditUsers', body: updateUserSchema } },
    async (request): Promise<SavedUser> => {
      const { id } = parseInput(userIdParams, request.params)
      const input = parseInput(updateUserSchema, request.body)
      return users.update(id, input, sessionOf(request))
    },
  )

  app.delete(
    '/api/users/:id',
    { config: { access: 'canDeleteUsers' } },
    async (request): Promise<OkResponse> => {
      const { id } = parseInput(userIdParams, request.params)
      await users.remove(id, sessionOf(request))
      return { ok: true }
    },
  )

  // Any signed-in user, its own account only: roles without canEditUsers change their password
  // here. Under /api/auth/, so its body is never logged; limited like sign-ins (a guessed
  // current password is a guessed password).
  app.post(
    '/api/auth/password',
    {
      config: {
        access: 'signedIn',
        body: changePasswordSchema,
        rateLimit: perAddress(RATE_LIMITS.loginPerAddress),
      },
    },
    async (request): Promise<OkResponse> => {
      const { currentPassword, newPassword } = parseInput(changePasswordSchema, request.body)
      await users.changeOwnPassword(currentPassword, newPassword, sessionOf(request))
      return { ok: true }
    },
  )

  app.post(
    '/api/users/:userId/clients/:clientId',
    { config: { access: 'canAssignClients', body: assignmentBodySchema } },
    async (request): Promise<OkResponse> => {
      const { userId, clientId } = parseInput(assignmentParams, request.params)
      const { permissions } = parseInput(assignmentBodySchema, request.body)
      await users.assign(userId, clientId, permissions, sessionOf(request))
      return { ok: true }
    },
  )

  app.delete(
    '/api/users/:userId/clients/:clientId',
    { config: { access: 'canAssignClients' } },
    async (request): Promise<OkResponse> => {
      const { userId, clientId } = parseInput(assignmentParams, request.params)
      await users.unassign(userId, clientId, sessionOf(request))
      return { ok: true }
    },
  )
}
