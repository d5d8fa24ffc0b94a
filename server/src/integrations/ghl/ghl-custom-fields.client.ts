import { ExternalServiceError } from '../../lib/errors.ts'
import type { ProviderApi } from '../http/provider-api.ts'
import { TransientProviderError } from '../http/provider-errors.ts'
import { type ProviderResponse, providerErrorMessage } from '../http/provider-http.ts'
import type { GhlConfig } from './ghl.manifest.ts'
import { type GhlCustomField, ghlCustomFieldCreatedSchema, ghlCustomFieldListSchema } from './ghl.schemas.ts'

// Location custom fields (docs/providers/ghl.md §8) use Version 2021-07-28.
const VERSION = '2021-07-28'

export interface NewGhlCustomField {
  name: string
  dataType: string
  options?: string[]
  placeholder?: string
}

/** A GHL call the credential was refused for (401/403): a bad or revoked key or token. */
export class GhlAuthRejectedError extends ExternalServiceError {}

/** Custom fields of one location, with a bearer credential (a location key or an OAuth token). */
export class GhlCustomFieldsClient {
  constructor(
    private readonly config: GhlConfig,
    private readonly api: ProviderApi,
  ) {}

  async list(locationId: string, bearer: string, clientId: string): Promise<GhlCustomField[]> {
    const what = `Listing GoHighLevel custom fields of location ${locationId}`
    const response = await this.call(what, 'GET', locationId, `${fieldsPath(locationId)}?model=contact`, {
      bearer,
      clientId,
    })
    this.expectOk(response, what)
    const parsed = ghlCustomFieldListSchema.safeParse(response.body)
    if (!parsed.success)
      throw new ExternalServiceError('GoHighLevel answered the custom field list in an unexpected shape')
    return parsed.data.customFields
  }

  async create(
    locationId: string,
    field: NewGhlCustomField,
    bearer: string,
    clientId: string,
  ): Promise<GhlCustomField> {
    const body = {
      name: field.name,
      dataType: field.dataType,
      model: 'contact',
      ...(field.placeholder ? { placeholder: field.placeholder } : {}),
      ...(field.options?.length ? { options: field.options } : {}),
    }
    const what = `Creating GoHighLevel custom field "${field.name}"`
    const response = await this.call(what, 'POST', locationId, fieldsPath(locationId), {
      bearer,
      clientId,
      json: body,
    })
    this.expectOk(response, what)
    const parsed = ghlCustomFieldCreatedSchema.safeParse(response.body)
    if (!parsed.success)
      throw new ExternalServiceError('GoHighLevel answered the new custom field in an unexpected shape')
    return parsed.data.customField
  }

  async remove(locationId: string, fieldId: string, bearer: string, clientId: string): Promise<void> {
    const what = `Deleting GoHighLevel custom field ${fieldId}`
    const path = `${fieldsPath(locationId)}/${encodeURIComponent(fieldId)}`
    const response = await this.call(what, 'DELETE', locationId, path, { bearer, clientId })
    // Already gone counts as removed.
    if (response.status === 404 || response.status === 400) return
    this.expectOk(response, what)
  }

  /**
   * Through the location's rate budget and its 429 retry like every GHL call (docs/providers/ghl.md
   * §10), with the credential the caller holds (a location key or an OAuth token).
   */
  private async call(
    what: string,
    method: string,
    locationId: string,
    path: string,
    request: { bearer: string; clientId: string; json?: unknown },
  ): Promise<ProviderResponse> {
    const { bearer, clientId, json } = request
    try {
      return await this.api.call({
        platform: 'ghl',
        clientId,
        method,
        url: `${this.config.ghl.apiBase}${path}`,
        headers: { version: VERSION },
        json,
        rateKey: `ghl:${locationId}`,
        rateLimit: { limit: this.config.ghl.rateLimitMax, windowMs: this.config.ghl.rateLimitIntervalMs },
        token: async () => bearer,
      })
    } catch (error) {
      if (!(error instanceof TransientProviderError)) throw error
      throw new ExternalServiceError(
        `${what} failed, GoHighLevel still refusing after retries: ${error.message}`,
      )
    }
  }

  private expectOk(response: ProviderResponse, what: string): void {
    if (response.status >= 200 && response.status < 300) return
    const message = `${what} failed: ${response.status} ${providerErrorMessage(response.body) ?? ''}`.trim()
    if (response.status === 401 || response.status === 403) throw new GhlAuthRejectedError(message)
    throw new ExternalServiceError(message)
  }
}

function fieldsPath(locationId: string): string {
  return `/locations/${encodeURIComponent(locationId)}/customFields`
}
