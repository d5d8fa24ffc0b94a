import type { z } from 'zod'
import { describeIssue } from '../http/lenient-schema.ts'
import { type ApiCall, type ProviderApi, permanentError } from '../http/provider-api.ts'
import { PermanentProviderError } from '../http/provider-errors.ts'
import type { ProviderResponse } from '../http/provider-http.ts'
import type { AccessTokenSource } from '../oauth/access-token-source.port.ts'
import type { GhlConfig } from './ghl.manifest.ts'

// docs/providers/ghl.md intro and §11: contacts and opportunities → Version 2021-07-28, conversations →
// 2021-04-15 (the wrong one is a 400).
const VERSIONS = { contacts: '2021-07-28', conversations: '2021-04-15', opportunities: '2021-07-28' } as const

export type GhlResourceGroup = keyof typeof VERSIONS

/**
 * One location's GHL API with the client's OAuth token: only the Marketplace app's token may
 * use its conversation provider (docs/providers/ghl.md §6). Shared by the contacts, conversations and
 * messages clients: the version header per resource group and one rate bucket per location.
 */
export class GhlApi {
  constructor(
    readonly config: GhlConfig,
    private readonly api: ProviderApi,
    private readonly tokens: AccessTokenSource,
  ) {}

  send(
    clientId: string,
    locationId: string,
    group: GhlResourceGroup,
    method: string,
    path: string,
    options: { json?: unknown; retryOnTimeout?: boolean } = {},
  ): Promise<ProviderResponse> {
    const call: ApiCall = {
      platform: 'ghl',
      clientId,
      method,
      url: `${this.config.ghl.apiBase}${path}`,
      headers: { version: VERSIONS[group] },
      json: options.json,
      rateKey: `ghl:${locationId}`,
      // docs/providers/ghl.md §10: 100 requests per 10 s per app per location, unless configured.
      rateLimit: { limit: this.config.ghl.rateLimitMax, windowMs: this.config.ghl.rateLimitIntervalMs },
      token: () => this.tokens.accessToken(clientId),
      refreshToken: (rejected) => this.tokens.refresh(clientId, rejected),
      ...(options.retryOnTimeout === undefined ? {} : { retryOnTimeout: options.retryOnTimeout }),
    }
    return this.api.call(call)
  }
}

export function expectOk(response: ProviderResponse, what: string): void {
  if (response.status < 200 || response.status >= 300) throw permanentError('ghl', what, response)
}

/** The body parsed with its schema, or a PermanentProviderError saying where the shape broke. */
export function parseGhl<T extends z.ZodType>(
  schema: T,
  response: ProviderResponse,
  what: string,
): z.infer<T> {
  const parsed = schema.safeParse(response.body)
  if (parsed.success) return parsed.data
  throw new PermanentProviderError(
    'ghl',
    `GoHighLevel answered ${what} in an unexpected shape (${describeIssue(parsed.error)})`,
    response.status,
    'UNEXPECTED_RESPONSE',
  )
}

export function enc(id: string): string {
  return encodeURIComponent(id)
}
