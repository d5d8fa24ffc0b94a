import { eq } from 'drizzle-orm'
import type { GhlSim } from '../../../sim/ghl/ghl-sim.ts'
import type { LeadInput } from '../../../sim/yelp/yelp-control.schemas.ts'
import type { YelpSim } from '../../../sim/yelp/yelp-sim.ts'
import type { CoreOptions } from '../composition-root.ts'
import type { AppConfig } from '../config/config.ts'
import type { DB } from '../db/database.ts'
import { ghlContacts, messages } from '../db/schema.ts'
import { GhlOAuth } from '../integrations/ghl/ghl-oauth.ts'
import type { ProviderApiOptions } from '../integrations/http/provider-api.ts'
import { ProviderHttp } from '../integrations/http/provider-http.ts'
import { RateLimiter } from '../integrations/http/rate-limiter.ts'
import { TokenManager } from '../integrations/oauth/token-manager.ts'
import { createProviderClients, type ProviderClients } from '../integrations/provider-clients.ts'
import { YelpOAuth } from '../integrations/yelp/yelp-oauth.ts'
import { SecretBox } from '../lib/secret-box.ts'
import { ApiRequestLogStore } from '../repositories/api-request-logs.repository.ts'
import { ProviderAlertStore } from '../repositories/provider-alerts.repository.ts'
import { CredentialLeaseStore, ProviderTokensStore } from '../repositories/provider-tokens.store.ts'
import type { SessionClient } from './session-client.ts'
import { type SimulatedWorld, startWithSimulators, type WorldEnv } from './with-simulators.ts'

/** The sample client of the tests: Yelp business and GHL location of the simulators' fixtures. */
export const ACME = { clientId: 'acme', business: 'acme-roofing-sf', location: 'LocAAA111' } as const
/** The same, by name, as the provider clients' tests pass them to every call. */
export const CLIENT_ID = ACME.clientId
export const BUSINESS_ID = ACME.business
export const LOCATION_ID = ACME.location

/** Quick retries so resilience tests take milliseconds, not seconds. */
export const FAST_RETRIES: ProviderApiOptions = {
  maxAttempts: 4,
  baseDelayMs: 5,
  maxDelayMs: 20,
  timeoutMs: 5_000,
}

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

export interface ConnectOptions {
  /**
   * false: no Yelp webhook subscription, so the hub's engine stays idle while a test calls the
   * vendors through the provider clients itself (its webhooks would add calls of their own).
   */
  subscribe?: boolean
}

/**
 * Connects client `acme` to both simulators through the hub's real API, as an operator would:
 * create the client, subscribe its Yelp business, Yelp OAuth, the GHL location key and custom
 * fields, then GHL OAuth. Works against any hub URL (an in-process test server or a child process);
 * a step the hub refuses throws, naming the step and the hub's answer.
 */
export async function connectAcme(
  admin: SessionClient,
  sims: { yelp: YelpSim; ghlApiKey: string },
  options: ConnectOptions = {},
): Promise<void> {
  const { clientId } = ACME
  await admin.call('add the client', 'POST', '/api/clients', { clientId, name: 'Acme Roofing' })
  if (options.subscribe !== false) {
    await admin.call('subscribe the Yelp business', 'POST', '/api/subscribe-webhook', {
      clientId,
      businessId: ACME.business,
    })
    // Yelp activates subscriptions asynchronously (docs/providers/yelp.md §3); the sim does so after its delay.
    sims.yelp.clock.advance(1000)
  }
  await authorize(admin, `/api/yelp-auth-url?clientId=${clientId}`)
  await admin.call('save the GHL location key', 'POST', `/api/clients/${clientId}/ghl/api-key`, {
    locationApiKey: sims.ghlApiKey,
    locationId: ACME.location,
  })
  await admin.call('create the custom fields', 'POST', `/api/clients/${clientId}/ghl/create-fields`, {
    surveyQuestions: ['What type of roof?'],
  })
  await authorize(admin, `/api/ghl-auth-url?clientId=${clientId}`)
}

async function authorize(admin: SessionClient, startPath: string): Promise<void> {
  const result = await admin.followOAuth(startPath)
  if (result.status !== 200)
    throw new Error(`OAuth callback of ${startPath} answered ${result.status}: ${result.page}`)
}

export interface ConnectedWorld extends SimulatedWorld {
  sims: SimDriver
  /** The hub's own database, to read what it recorded (messages, webhook logs, claims). */
  db: DB
  config: AppConfig
  /** A token manager of its own, as a worker process would have. */
  tokens: TokenManager
  /** Provider clients on a fresh rate limiter (the process-wide one would carry over between files). */
  clients: ProviderClients
  /** Another set on the same token manager and limiter, with other API options (e.g. a short timeout). */
  clientsWith(options: ProviderApiOptions, tokens?: TokenManager): ProviderClients
  /** A second token manager, as a second worker process would have. */
  newTokenManager(): TokenManager
}

/**
 * Both simulators, the hub in process, and client `acme` connected to both (Yelp business
 * acme-roofing-sf, GHL location LocAAA111) through the real flows, so its tokens are real and
 * sealed; with provider clients of its own for the tests that call the vendors directly.
 */
export async function startConnectedWorld(
  options: { core?: CoreOptions; env?: WorldEnv } & ConnectOptions = {},
): Promise<ConnectedWorld> {
  const world = await startWithSimulators({ core: options.core, env: options.env })
  try {
    await connectAcme(world.admin, { yelp: world.yelp, ghlApiKey: world.ghlSample.apiKey.token }, options)
  } catch (error) {
    await world.close()
    throw error
  }
  const config = world.server.server.config
  const db = world.server.server.database.db
  const newTokenManager = () => {
    const http = new ProviderHttp(new ApiRequestLogStore(db))
    const box = new SecretBox(config.appSecret)
    return new TokenManager(
      new ProviderTokensStore(db, box),
      new CredentialLeaseStore(db),
      box,
      new YelpOAuth(config, http),
      new GhlOAuth(config, http),
      new ProviderAlertStore(db),
    )
  }
  const tokens = newTokenManager()
  const limiter = new RateLimiter()
  const clientsWith = (api: ProviderApiOptions, using = tokens) =>
    createProviderClients(config, new ApiRequestLogStore(db), using, undefined, { limiter, api })
  return {
    ...world,
    sims: new SimDriver(world.yelp, world.ghl, world.server.url),
    db,
    config,
    tokens,
    clients: clientsWith(FAST_RETRIES),
    clientsWith,
    newTokenManager,
  }
}

/** What tests do to the simulators and read back from them, over their control API. */
export class SimDriver {
  /** Sent as `?secret=` once the hub requires one (docs/spec/product.md §3 webhook secret). */
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
    if (response.status !== 200)
      throw new Error(`the Yelp simulator has no lead ${leadId}: ${response.status}`)
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

  /**
   * Posts a Yelp NEW_EVENT webhook to the hub, as Yelp would (`url`: the full webhook URL), for
   * acme's business or another.
   */
  postWebhook(
    updates: Array<{ leadId: string; eventId?: string; eventType?: string }>,
    url = this.webhookUrl(),
    businessId: string = ACME.business,
  ) {
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        time: new Date().toISOString(),
        object: 'business',
        data: {
          id: businessId,
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

/** The GHL contact id the hub mapped a Yelp lead to. */
export async function contactOf(db: DB, leadId: string): Promise<string | null> {
  const [row] = await db.select().from(ghlContacts).where(eq(ghlContacts.leadId, leadId))
  return row?.ghlContactId ?? null
}
