import type { Sandbox } from './sandbox.ts'

/** A contact as `GET /__sim/ghl/locations/{id}/contacts` shows it (the fields the demo reads). */
export interface SimGhlContact {
  id: string
  firstName?: string | null
  lastName?: string | null
  customFields: Array<{ id: string; value: unknown }>
}

/** A message as `GET /__sim/ghl/locations/{id}/messages` shows it. */
export interface SimGhlMessage {
  id: string
  contactId: string
  conversationId: string
  direction: 'inbound' | 'outbound'
  status: string
  body: string
  altId?: string
}

export interface SimGhlCustomField {
  id: string
  name: string
}

/** `GET /__sim/yelp/leads/{id}`: the lead and its events as Yelp's API shows them. */
export interface SimYelpLead {
  lead: { id: string }
  events: Array<{
    id: string
    event_type: string
    user_type: string
    event_content: { text?: string | null }
  }>
}

/** A fault for `POST /__sim/faults` (sim/README.md "Faults"). */
export interface SimFault {
  method?: string
  path: string
  status?: number
  times?: number
  body?: unknown
}

/**
 * The simulators' control API over HTTP, the same routes the printed `curl` commands use: what
 * the demo and its check read and do as the consumer or the GHL user, never as the hub.
 */
export class SandboxControl {
  constructor(
    readonly yelpUrl: string,
    readonly ghlUrl: string,
  ) {}

  static of(sandbox: Pick<Sandbox, 'yelp' | 'ghl'>): SandboxControl {
    return new SandboxControl(sandbox.yelp.url, sandbox.ghl.url)
  }

  ghlContacts(locationId: string): Promise<SimGhlContact[]> {
    return this.get(this.ghlUrl, `/__sim/ghl/locations/${enc(locationId)}/contacts`)
  }

  ghlMessages(locationId: string): Promise<SimGhlMessage[]> {
    return this.get(this.ghlUrl, `/__sim/ghl/locations/${enc(locationId)}/messages`)
  }

  ghlCustomFields(locationId: string): Promise<SimGhlCustomField[]> {
    return this.get(this.ghlUrl, `/__sim/ghl/locations/${enc(locationId)}/custom-fields`)
  }

  /** The contact whose custom field `fieldName` holds `value` (e.g. the hub's lead id field). */
  async ghlContactByField(
    locationId: string,
    fieldName: string,
    value: string,
  ): Promise<SimGhlContact | null> {
    const field = (await this.ghlCustomFields(locationId)).find((f) => f.name === fieldName)
    if (!field) return null
    const contacts = await this.ghlContacts(locationId)
    return contacts.find((c) => c.customFields.some((f) => f.id === field.id && f.value === value)) ?? null
  }

  /** A GHL user replies to a contact: GHL sends ProviderOutboundMessage to the hub's /reply. */
  ghlUserReply(input: {
    locationId: string
    contactId: string
    message: string
  }): Promise<{ messageId: string; response: { status: number | null } }> {
    return this.post(this.ghlUrl, '/__sim/ghl/user-reply', input)
  }

  addGhlFault(fault: SimFault): Promise<unknown> {
    return this.post(this.ghlUrl, '/__sim/faults', fault)
  }

  yelpLead(leadId: string): Promise<SimYelpLead> {
    return this.get(this.yelpUrl, `/__sim/yelp/leads/${enc(leadId)}`)
  }

  /** A consumer submits a new lead on Yelp (→ NEW_EVENT webhook once the business is subscribed). */
  addYelpLead(input: Record<string, unknown>): Promise<{ lead: { id: string } }> {
    return this.post(this.yelpUrl, '/__sim/yelp/leads', input)
  }

  /** A consumer writes on a lead (→ NEW_EVENT webhook). */
  addConsumerMessage(leadId: string, text: string): Promise<unknown> {
    return this.post(this.yelpUrl, `/__sim/yelp/leads/${enc(leadId)}/messages`, { text })
  }

  async isYelpWebhookSubscribed(businessId: string): Promise<boolean> {
    const state = await this.get<{ businesses: Array<{ id: string; isWebhookSubscribed: boolean }> }>(
      this.yelpUrl,
      '/__sim/yelp/state',
    )
    return state.businesses.some((b) => b.id === businessId && b.isWebhookSubscribed)
  }

  async yelpSubscriptionDelayMs(): Promise<number> {
    const state = await this.get<{ settings: { subscriptionDelayMs: number } }>(
      this.yelpUrl,
      '/__sim/yelp/state',
    )
    return state.settings.subscriptionDelayMs
  }

  /** Moves the Yelp simulator's clock forward: sim time passes without waiting for it. */
  advanceYelpClock(ms: number): Promise<unknown> {
    return this.post(this.yelpUrl, '/__sim/clock/advance', { ms })
  }

  private async get<T>(base: string, path: string): Promise<T> {
    return answer<T>(await fetch(`${base}${path}`), `GET ${path}`)
  }

  private async post<T>(base: string, path: string, body: unknown): Promise<T> {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return answer<T>(response, `POST ${path}`)
  }
}

const enc = encodeURIComponent

async function answer<T>(response: Response, what: string): Promise<T> {
  const text = await response.text()
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 300)}`)
  return (text ? JSON.parse(text) : null) as T
}
