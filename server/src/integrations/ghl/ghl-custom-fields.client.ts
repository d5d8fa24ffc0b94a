import { ExternalServiceError } from '../../lib/errors.ts'
import { type ProviderHttp, type ProviderResponse, providerErrorMessage } from '../http/provider-http.ts'
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
    private readonly http: ProviderHttp,
  ) {}

  async list(locationId: string, bearer: string, clientId: string): Promise<GhlCustomField[]> {
    const response = await this.call(
      'GET',
      `/locations/${encodeURIComponent(locationId)}/customFields?model=contact`,
      bearer,
      clientId,
    )
    this.expectOk(response, `Listing GoHighLevel custom fields of location ${locationId}`)
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
    const response = await this.call(
      'POST',
      `/locations/${encodeURIComponent(locationId)}/customFields`,
      bearer,
      clientId,
      body,
    )
    this.expectOk(response, `Creating GoHighLevel custom field "${field.name}"`)
    const parsed = ghlCustomFieldCreatedSchema.safeParse(response.body)
    if (!parsed.success)
      throw new ExternalServiceError('GoHighLevel answered the new custom field in an unexpected shape')
    return parsed.data.customField
  }

  async remove(locationId: string, fieldId: string, bearer: string, clientId: string): Promise<void> {
    const response = await this.call(
      'DELETE',
      `/locations/${encodeURIComponent(locationId)}/customFields/${encodeURIComponent(fieldId)}`,
      bearer,
      clientId,
    )
    // Already gone counts as removed.
    if (response.status === 404 || response.status === 400) return
    this.expectOk(response, `Deleting GoHighLevel custom field ${fieldId}`)
  }

  private call(
    method: string,
    path: string,
    bearer: string,
    clientId: string,
    json?: unknown,
  ): Promise<ProviderResponse> {
    return this.http.request({
      platform: 'ghl',
      clientId,
      method,
      url: `${this.config.ghl.apiBase}${path}`,
      headers: { authorization: `Bearer ${bearer}`, version: VERSION },
      json,
    })
  }

  private expectOk(response: ProviderResponse, what: string): void {
    if (response.status >= 200 && response.status < 300) return
    const message = `${what} failed: ${response.status} ${providerErrorMessage(response.body) ?? ''}`.trim()
    if (response.status === 401 || response.status === 403) throw new GhlAuthRejectedError(message)
    throw new ExternalServiceError(message)
  }
}
