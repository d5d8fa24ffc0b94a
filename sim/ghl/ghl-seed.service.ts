import { z } from 'zod'
import { ghlId, privateIntegrationToken } from './ghl-ids.ts'
import type { GhlContext } from './ghl-route.guard.ts'
import type { GhlApiKey, GhlLocation, GhlUser } from './ghl-store.ts'
import { ALL_SCOPES } from './ghl-tokens.service.ts'

/** Control-API input problems: answered 400 (or 404 for an unknown id) with `{error}`. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

const duplicateField = z.enum(['email', 'phone'])

export const locationInput = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1).optional(),
  companyId: z.string().min(1).optional(),
  allowDuplicateContact: z.boolean().optional(),
  allowDuplicateOpportunity: z.boolean().optional(),
  duplicatePriority: z
    .array(duplicateField)
    .min(1)
    .refine((list) => new Set(list).size === list.length, 'no field twice')
    .optional(),
  isActive: z.boolean().optional(),
  timezone: z.string().min(1).optional(),
})
export type LocationInput = z.infer<typeof locationInput>

export const locationPatch = locationInput.omit({ id: true, companyId: true })

export const userInput = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1).optional(),
  email: z.string().min(3).optional(),
  locationIds: z.array(z.string().min(1)).min(1),
})
export type UserInput = z.infer<typeof userInput>

export const apiKeyInput = z.strictObject({ scopes: z.array(z.string().min(1)).optional() })

export const authorizeNextInput = z.strictObject({
  locationId: z.string().min(1).optional(),
  userId: z.string().min(1).optional(),
  deny: z.boolean().optional(),
})

/** Reads control input with a zod schema; the first problem becomes the 400 message. */
export function parseControl<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const path = issue?.path.join('.') || 'body'
  throw new ControlError(400, `${path}: ${issue?.message ?? 'invalid'}`)
}

/** Seeds the world the real GHL would already hold: sub-accounts, their users and their PITs. */
export class GhlSeedService {
  constructor(private readonly ctx: GhlContext) {}

  location(input: LocationInput): GhlLocation {
    const id = input.id ?? ghlId()
    if (this.ctx.store.locations.has(id)) throw new ControlError(400, `id: location ${id} already exists`)
    const location: GhlLocation = {
      id,
      name: input.name ?? `Location ${id}`,
      companyId: input.companyId ?? 'CompanySim000000001',
      // GHL's default is "Allow Duplicate Contact" off, email checked first.
      allowDuplicateContact: input.allowDuplicateContact ?? false,
      allowDuplicateOpportunity: input.allowDuplicateOpportunity ?? false,
      duplicatePriority: input.duplicatePriority ?? ['email', 'phone'],
      isActive: input.isActive ?? true,
      timezone: input.timezone ?? 'America/Los_Angeles',
    }
    this.ctx.store.locations.set(id, location)
    return location
  }

  updateLocation(id: string, patch: z.infer<typeof locationPatch>): GhlLocation {
    const location = this.ctx.store.locations.get(id)
    if (!location) throw new ControlError(404, `location ${id} not found`)
    Object.assign(location, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)))
    return location
  }

  user(input: UserInput): GhlUser {
    const id = input.id ?? ghlId()
    if (this.ctx.store.users.has(id)) throw new ControlError(400, `id: user ${id} already exists`)
    const locations = input.locationIds.map((locationId) => {
      const location = this.ctx.store.locations.get(locationId)
      if (!location) throw new ControlError(400, `locationIds: location ${locationId} not found`)
      return location
    })
    const user: GhlUser = {
      id,
      name: input.name ?? `User ${id}`,
      email: input.email ?? `${id.toLowerCase()}@example.com`,
      companyId: locations[0]?.companyId ?? '',
      locationIds: input.locationIds,
    }
    this.ctx.store.users.set(id, user)
    return user
  }

  /** docs/providers/ghl.md §6: a sub-account Private Integration Token, `pit-<uuid>`, never expiring. */
  apiKey(locationId: string, scopes: string[] = ALL_SCOPES): GhlApiKey {
    const location = this.ctx.store.locations.get(locationId)
    if (!location) throw new ControlError(404, `location ${locationId} not found`)
    const key: GhlApiKey = {
      token: privateIntegrationToken(),
      locationId,
      companyId: location.companyId,
      // oauth.* scopes belong to agency OAuth tokens only ("Agency-Access-Only", docs/providers/ghl.md §6).
      scopes: scopes.filter((s) => !s.startsWith('oauth.')),
      createdAt: this.ctx.clock.iso(),
    }
    this.ctx.store.apiKeys.set(key.token, key)
    return key
  }

  /** Ends a location's OAuth connection (an uninstall): its tokens stop working. */
  revokeTokens(locationId: string): { accessTokens: number; refreshTokens: number } {
    let accessTokens = 0
    let refreshTokens = 0
    for (const [token, grant] of this.ctx.store.accessTokens) {
      if (grant.locationId === locationId) {
        this.ctx.store.accessTokens.delete(token)
        accessTokens += 1
      }
    }
    for (const grant of this.ctx.store.refreshTokens.values()) {
      if (grant.locationId === locationId && !grant.revoked && grant.usedAt === null) {
        grant.revoked = true
        refreshTokens += 1
      }
    }
    return { accessTokens, refreshTokens }
  }
}
