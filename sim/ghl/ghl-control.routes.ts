import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { CONTROL_PREFIX } from '../core/sim-server.ts'
import { serializeContact } from './ghl-contacts.service.ts'
import { serializeConversation, serializeMessage } from './ghl-conversations.routes.ts'
import type { GhlContext } from './ghl-route.guard.ts'
import {
  apiKeyInput,
  authorizeNextInput,
  ControlError,
  type GhlSeedService,
  locationInput,
  locationPatch,
  parseControl,
  userInput,
} from './ghl-seed.service.ts'
import { simulateUserReply, userReplyInput } from './ghl-user-reply.service.ts'

export const GHL_CONTROL_PREFIX = `${CONTROL_PREFIX}/ghl`

const replyUrlInput = z.strictObject({ url: z.url().nullable() })

type Handler = (request: FastifyRequest) => unknown

/** Answers `{error}` with the ControlError's status; anything else is the handler's result. */
function control(status: number, handler: Handler) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const result = await handler(request)
      return reply.code(status).send(result)
    } catch (error) {
      if (error instanceof ControlError) return reply.code(error.status).send({ error: error.message })
      throw error
    }
  }
}

function param(request: FastifyRequest, name: string): string {
  return (request.params as Record<string, string>)[name] ?? ''
}

/**
 * The simulator's own API under `/__sim/ghl` (no real GHL path starts with `/__sim`): seed the
 * world, set the hub's Delivery URL, make a GHL user reply, read what the hub wrote.
 */
export function registerGhlControlRoutes(app: FastifyInstance, ctx: GhlContext, seed: GhlSeedService): void {
  const p = GHL_CONTROL_PREFIX

  app.get(
    `${p}/keys`,
    control(200, () => ctx.keys.publicKeys),
  )

  app.post(
    `${p}/locations`,
    control(201, (request) => seed.location(parseControl(locationInput, request.body))),
  )
  app.get(
    `${p}/locations`,
    control(200, () => [...ctx.store.locations.values()]),
  )
  app.patch(
    `${p}/locations/:id`,
    control(200, (request) =>
      seed.updateLocation(param(request, 'id'), parseControl(locationPatch, request.body)),
    ),
  )
  app.post(
    `${p}/users`,
    control(201, (request) => seed.user(parseControl(userInput, request.body))),
  )
  app.post(
    `${p}/locations/:id/api-keys`,
    control(201, (request) =>
      seed.apiKey(param(request, 'id'), parseControl(apiKeyInput, request.body).scopes),
    ),
  )
  app.post(
    `${p}/locations/:id/revoke-tokens`,
    control(200, (request) => {
      const id = param(request, 'id')
      if (!ctx.store.locations.has(id)) throw new ControlError(404, `location ${id} not found`)
      return seed.revokeTokens(id)
    }),
  )
  app.post(
    `${p}/authorize/next`,
    control(200, (request) => {
      const choice = parseControl(authorizeNextInput, request.body)
      if (choice.locationId && !ctx.store.locations.has(choice.locationId)) {
        throw new ControlError(400, `locationId: location ${choice.locationId} not found`)
      }
      if (choice.userId && !ctx.store.users.has(choice.userId)) {
        throw new ControlError(400, `userId: user ${choice.userId} not found`)
      }
      ctx.store.nextAuthorization = choice
      return { next: choice }
    }),
  )

  const setReplyUrl = control(200, (request) => {
    ctx.config.replyUrl = parseControl(replyUrlInput, request.body).url
    return { replyUrl: ctx.config.replyUrl }
  })
  app.post(`${p}/reply-url`, setReplyUrl)
  app.put(`${p}/reply-url`, setReplyUrl)
  app.get(
    `${p}/reply-url`,
    control(200, () => ({ replyUrl: ctx.config.replyUrl })),
  )

  app.post(
    `${p}/user-reply`,
    control(200, (request) => simulateUserReply(ctx, parseControl(userReplyInput, request.body))),
  )

  const ofLocation = (read: (locationId: string) => unknown) =>
    control(200, (request) => {
      const id = param(request, 'id')
      if (!ctx.store.locations.has(id)) throw new ControlError(404, `location ${id} not found`)
      return read(id)
    })
  app.get(
    `${p}/locations/:id/contacts`,
    ofLocation((id) => ctx.store.contactsOf(id).map(serializeContact)),
  )
  app.get(
    `${p}/locations/:id/custom-fields`,
    ofLocation((id) => ctx.store.customFieldsOf(id)),
  )
  app.get(
    `${p}/locations/:id/conversations`,
    ofLocation((id) => ctx.store.conversationsOf(id).map((c) => serializeConversation(ctx.store, c))),
  )
  app.get(
    `${p}/locations/:id/messages`,
    ofLocation((id) => ctx.store.messagesOf(id).map(serializeMessage)),
  )

  app.get(
    `${p}/webhooks`,
    control(200, () => ctx.webhooks.list()),
  )
  app.post(
    `${p}/webhooks/flush`,
    control(200, async () => {
      await ctx.webhooks.flushDue()
      return ctx.webhooks.list()
    }),
  )
}
