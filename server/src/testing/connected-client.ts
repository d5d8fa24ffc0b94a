import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { GhlSim } from '../../../sim/ghl/ghl-sim.ts'
import type { LeadInput } from '../../../sim/yelp/yelp-control.schemas.ts'
import type { YelpSim } from '../../../sim/yelp/yelp-sim.ts'
import type { CoreOptions } from '../core.ts'
import type { DB } from '../db/database.ts'
import { ghlContacts, messages } from '../db/schema.ts'
import type { TestClient } from './http-client.ts'
import { completeOAuth, type SimulatedWorld, startWithSimulators, type WorldEnv } from './with-simulators.ts'

/** The sample client of the engine tests: Yelp business and GHL location of the simulators' fixtures. */
export const ACME = { clientId: 'acme', business: 'acme-roofing-sf', location: 'LocAAA111' } as const

export interface SimMessage {
  id: string
  direction: string
  body: string
  altId?: string
  status: string
  contactId: string
  conversationId: string
}

export interface SimContact {
  id: string
  firstName?: string
  phone?: string
  email?: string
  customFields?: Array<{ id: string; value: unknown }>
}

export interface SimLeadEvent {
  id: string
  user_type: string
  event_type: string
  event_content: { text?: string }
}

/**
 * Connects client `acme` to both simulators through the hub's real API, as an operator would:
 * create the client, subscribe its Yelp business, Yelp OAuth, the GHL location key and custom
 * fields, then GHL OAuth. Works against any hub URL (an in-process test server or a child process).
 */
export async function connectAcme(
  admin: TestClient,
  sims: { yelp: YelpSim; ghlApiKey: string },
): Promise<void> {
  expect((await admin.post('/api/clients', { clientId: ACME.clientId, name: 'Acme Roofing' })).status).toBe(
    201,
  )
  const subscribed = await admin.post('/api/subscribe-webhook', {
    clientId: ACME.clientId,
    businessId: ACME.business,
  })
  expect(subscribed.status, subscribed.text).toBe(200)
  // Yelp activates subscriptions asynchronously (yelp.md §3); the sim does so after its delay.
  sims.yelp.clock.advance(1000)
  expect((await completeOAuth(admin, `/api/yelp-auth-url?clientId=${ACME.clientId}`)).status).toBe(200)
  const key = await admin.post(`/api/clients/${ACME.clientId}/ghl/api-key`, {
    locationApiKey: sims.ghlApiKey,
    locationId: ACME.location,
  })
  expect(key.status, key.text).toBe(200)
  const fields = await admin.post(`/api/clients/${ACME.clientId}/ghl/create-fields`, {
    surveyQuestions: ['What type of roof?'],
  })
  expect(fields.status, fields.text).toBe(200)
  expect((await completeOAuth(admin, `/api/ghl-auth-url?clientId=${ACME.clientId}`)).status).toBe(200)
}

export interface ConnectedWorld extends SimulatedWorld {
  sims: SimDriver
  /** The hub's own database, to read what it recorded (messages, webhook logs, claims). */
  db: DB
}

/** Both simulators, the hub in process, and client `acme` connected to both. */
export async function startConnectedWorld(
  options: { core?: CoreOptions; env?: WorldEnv } = {},
): Promise<ConnectedWorld> {
  const world = await startWithSimulators(options)
  try {
    await connectAcme(world.admin, { yelp: world.yelp, ghlApiKey: world.ghlSample.apiKey.token })
  } catch (error) {
    await world.close()
    throw error
  }
  return {
    ...world,
    sims: new SimDriver(world.yelp, world.ghl, world.server.url),
    db: world.server.server.database.db,
  }
}

/** What tests do to the simulators and read back from them, over their control API. */
export class SimDriver {
  /** Sent as `?secret=` once the hub requires one (PRODUCT.md §3 webhook secret). */
  webhookSecret: string | null = null

  constructor(
    readonly yelp: YelpSim,
    readonly ghl: GhlSim,
    /** Where webhooks are posted by hand. */
    public hubUrl: string,
  ) {}

  /** The hub's Yelp webhook URL, with the secret when one is set. */
  webhookUrl(hubUrl = this.hubUrl): string {
    const query = this.webhookSecret ? `?secret=${encodeURIComponent(this.webhookSecret)}` : ''
    return `${hubUrl}/yelp/webhook${query}`
  }

  /** Requires a webhook secret from now on: Yelp's deliveries and the tests' carry it. */
  useWebhookSecret(secret: string): void {
    this.webhookSecret = secret
    this.yelp.setWebhookUrl(this.webhookUrl())
  }

  async ghlState<T>(path: string): Promise<T> {
    const response = await fetch(`${this.ghl.url}/__sim/ghl/locations/${ACME.location}/${path}`)
    return (await response.json()) as T
  }

  ghlMessages(): Promise<SimMessage[]> {
    return this.ghlState<SimMessage[]>('messages')
  }

  ghlContacts(): Promise<SimContact[]> {
    return this.ghlState<SimContact[]>('contacts')
  }

  /** GHL messages carrying a Yelp event id as `altId` (how the hub marks what it forwarded). */
  async ghlMessagesFor(eventIds: string[]): Promise<SimMessage[]> {
    const wanted = new Set(eventIds)
    return (await this.ghlMessages()).filter((m) => m.altId !== undefined && wanted.has(m.altId))
  }

  async yelpLead(leadId: string): Promise<{ events: SimLeadEvent[]; isArchived: boolean }> {
    const response = await fetch(`${this.yelp.url}/__sim/yelp/leads/${leadId}`)
    expect(response.status).toBe(200)
    return (await response.json()) as { events: SimLeadEvent[]; isArchived: boolean }
  }

  /** A new lead of acme's business; its first event's id. `notify: false` loses its webhook. */
  newLead(id: string, input: Partial<LeadInput> = {}): string {
    const lead = this.yelp.addLead({
      id,
      businessId: ACME.business,
      consumerName: 'Sam T.',
      message: `Hello from ${id}`,
      project: {
        job_names: ['Roof inspection'],
        survey_answers: [{ question_text: 'What type of roof?', answer_text: ['Tile'] }],
        location: { postal_code: '94107' },
      },
      ...input,
    })
    const first = lead.events[0]
    if (!first) throw new Error(`lead ${id} has no event`)
    return first.id
  }

  /** A consumer message on a lead (its NEW_EVENT webhook goes out); the new event's id. */
  consumerMessage(leadId: string, text: string): string {
    const [event] = this.yelp.addMessage(leadId, { text })
    if (!event) throw new Error(`no event for message on ${leadId}`)
    return event.id
  }

  /** Posts a Yelp NEW_EVENT webhook to the hub, as Yelp would (`url`: the full webhook URL). */
  postWebhook(
    updates: Array<{ leadId: string; eventId?: string; eventType?: string }>,
    url = this.webhookUrl(),
  ) {
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        time: new Date().toISOString(),
        object: 'business',
        data: {
          id: ACME.business,
          updates: updates.map((u) => ({
            event_type: u.eventType ?? 'NEW_EVENT',
            lead_id: u.leadId,
            ...(u.eventId ? { event_id: u.eventId } : {}),
            interaction_time: new Date().toISOString(),
          })),
        },
      }),
    })
  }

  /** Requests the GHL simulator answered (or dropped) on a path, e.g. `POST /oauth/token`. */
  ghlRequests(method: string, path: string) {
    return this.ghl.server.requests.list().filter((r) => r.method === method && r.path === path)
  }

  yelpRequests(method: string, pathPattern: RegExp) {
    return this.yelp.server.requests.list().filter((r) => r.method === method && pathPattern.test(r.path))
  }
}

/** The hub's `messages` row of a Yelp event (inbound) or a GHL message (outbound reply). */
export async function messageRow(db: DB, externalKey: string) {
  const [row] = await db.select().from(messages).where(eq(messages.externalKey, externalKey))
  return row ?? null
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(100)
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** The GHL contact id the hub mapped a Yelp lead to. */
export async function contactOf(db: DB, leadId: string): Promise<string | null> {
  const [row] = await db.select().from(ghlContacts).where(eq(ghlContacts.leadId, leadId))
  return row?.ghlContactId ?? null
}
