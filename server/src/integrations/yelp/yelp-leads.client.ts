import type { z } from 'zod'
import { describeIssue } from '../http/lenient-schema.ts'
import { type ApiCall, type ProviderApi, permanentError, providerErrorCode } from '../http/provider-api.ts'
import { LeadClosedError, PermanentProviderError, RepeatedReplyError } from '../http/provider-errors.ts'
import type { ProviderResponse } from '../http/provider-http.ts'
import { providerErrorMessage } from '../http/provider-http.ts'
import type { AccessTokenSource } from '../oauth/access-token-source.port.ts'
import type { YelpConfig } from './yelp.manifest.ts'
import {
  type YelpEvent,
  type YelpLead,
  yelpEventsPageSchema,
  yelpLeadIdsPageSchema,
  yelpLeadMetricsSchema,
  yelpLeadSchema,
} from './yelp.schemas.ts'

/** docs/providers/yelp.md §1: the same text to the same lead within an hour is refused. */
export class YelpSameSuccessiveMessageError extends RepeatedReplyError {}

/** docs/providers/yelp.md §1: the consumer archived the lead (403, "archived" in the description). */
export class YelpLeadArchivedError extends LeadClosedError {}

/** docs/providers/yelp.md §1: `limit` is 1–20 on events and lead ids. */
const PAGE_SIZE = 20
/** A lead with more than 10 000 events is not a conversation; stop rather than loop on bad cursors. */
const MAX_PAGES = 500

type Endpoint =
  | 'GET /v3/leads/{lead_id}'
  | 'GET /v3/leads/{lead_id}/events'
  | 'POST /v3/leads/{lead_id}/events'
  | 'GET /v3/businesses/{business_id}/lead_ids'
  | 'POST /v3/leads/{lead_id}/events/mark_as_read'
  | 'POST /v3/leads/{lead_id}/mark_as_replied'
  | 'GET /v3/leads/{lead_id}/metrics'

/** What a lead cost the business (docs/providers/yelp.md §1 metrics); null cents when Yelp has none. */
export interface YelpLeadCost {
  cents: number | null
  currency: string | null
}

/** docs/providers/yelp.md §1 mark_as_replied: for a reply made outside Yelp. */
export type YelpReplyType = 'PHONE' | 'EMAIL'

/** The Yelp Leads API for one connected client, with the business user's OAuth token (docs/providers/yelp.md §1). */
export class YelpLeadsClient {
  constructor(
    private readonly config: YelpConfig,
    private readonly api: ProviderApi,
    private readonly tokens: AccessTokenSource,
  ) {}

  async getLead(clientId: string, leadId: string): Promise<YelpLead> {
    const response = await this.send(clientId, 'GET /v3/leads/{lead_id}', { lead_id: leadId })
    if (response.status !== 200) throw this.failure(clientId, `Reading Yelp lead ${leadId}`, response, leadId)
    return parse(yelpLeadSchema, response, `Yelp lead ${leadId}`)
  }

  /**
   * The lead's events, oldest first: all of them, or with `knownIds` only the pages back to the
   * first event already known (one call for a lead the hub has seen, instead of one per 20
   * events; Yelp allows 5 calls a second per endpoint). docs/providers/yelp.md §1: `limit` returns the *last*
   * N, so paging goes backwards with `older_than_cursor` until a page comes back short; a text
   * with attachments is a TEXT and an ATTACHMENT_GROUPING sharing one id (merged into one event
   * here); cursors are neither unique nor stable, so events are deduplicated by id.
   */
  async listEvents(
    clientId: string,
    leadId: string,
    options: { knownIds?: ReadonlySet<string> } = {},
  ): Promise<YelpEvent[]> {
    const pages: YelpEvent[][] = []
    const usedCursors = new Set<string>()
    let olderThan: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      const query: Record<string, string> = { limit: String(PAGE_SIZE) }
      if (olderThan) query.older_than_cursor = olderThan
      const response = await this.send(
        clientId,
        'GET /v3/leads/{lead_id}/events',
        { lead_id: leadId },
        { query },
      )
      if (response.status !== 200)
        throw this.failure(clientId, `Reading the events of Yelp lead ${leadId}`, response, leadId)
      const { events } = parse(yelpEventsPageSchema, response, `the events of Yelp lead ${leadId}`)
      pages.unshift(events)
      // Everything older than a known event is known too.
      if (options.knownIds && events.some((e) => options.knownIds?.has(e.id))) break
      // The pair of a text with attachments counts once towards `limit` (docs/providers/yelp.md §1).
      if (new Set(events.map((e) => e.id)).size < PAGE_SIZE) break
      const oldest = events[0]?.cursor
      if (!oldest || usedCursors.has(oldest)) break
      usedCursors.add(oldest)
      olderThan = oldest
    }
    return mergeEvents(pages.flat())
  }

  /**
   * Posts a TEXT event (docs/providers/yelp.md §1: 201 `{}`). Never resent blindly after a timeout: a resend of
   * a write that did happen is refused as SAME_SUCCESSIVE_MESSAGE (docs/providers/simulators.md
   * pitfall 4), so the caller checks the lead's events first.
   */
  async writeText(clientId: string, leadId: string, text: string): Promise<void> {
    const response = await this.send(
      clientId,
      'POST /v3/leads/{lead_id}/events',
      { lead_id: leadId },
      { json: { request_content: text, request_type: 'TEXT' }, retryOnTimeout: false },
    )
    if (response.status >= 200 && response.status < 300) return
    const what = `Writing to Yelp lead ${leadId}`
    const code = providerErrorCode(response.body)
    const message = providerErrorMessage(response.body) ?? ''
    if (code === 'SAME_SUCCESSIVE_MESSAGE') {
      throw new YelpSameSuccessiveMessageError(
        'yelp',
        `${what} failed: the same text was already sent to this lead within the hour (${response.status} ${message})`,
        response.status,
        code,
      )
    }
    if (response.status === 403 && /archived/i.test(message)) {
      throw new YelpLeadArchivedError(
        'yelp',
        `${what} failed: the consumer archived the lead (${message})`,
        403,
        code ?? 'NOT_AUTHORIZED',
      )
    }
    throw this.failure(clientId, what, response, leadId)
  }

  /**
   * Marks the event and every earlier one read (docs/providers/yelp.md §1 mark_as_read: re-marking
   * is a no-op, so a resend after a timeout is safe). Only for an event a person opened.
   */
  async markAsRead(clientId: string, leadId: string, eventId: string, readAt: Date): Promise<void> {
    const response = await this.send(
      clientId,
      'POST /v3/leads/{lead_id}/events/mark_as_read',
      { lead_id: leadId },
      { json: { event_id: eventId, time_read: yelpTime(readAt) }, retryOnTimeout: true },
    )
    if (response.status >= 200 && response.status < 300) return
    throw this.failure(clientId, `Marking event ${eventId} of Yelp lead ${leadId} read`, response, leadId)
  }

  /**
   * Marks the lead replied outside Yelp. docs/providers/yelp.md §1: a second call is a documented
   * 403 NOT_AUTHORIZED ("already marked as replied"), which is the outcome wanted, so it answers
   * `already_marked` (and a resend after a timeout is safe for the same reason).
   */
  async markAsReplied(
    clientId: string,
    leadId: string,
    replyType: YelpReplyType,
  ): Promise<'marked' | 'already_marked'> {
    const response = await this.send(
      clientId,
      'POST /v3/leads/{lead_id}/mark_as_replied',
      { lead_id: leadId },
      { json: { reply_type: replyType }, retryOnTimeout: true },
    )
    if (response.status >= 200 && response.status < 300) return 'marked'
    const message = providerErrorMessage(response.body) ?? ''
    const code = providerErrorCode(response.body)
    if (
      response.status === 403 &&
      (/already/i.test(message) || (code === 'NOT_AUTHORIZED' && !/archived/i.test(message)))
    ) {
      return 'already_marked'
    }
    throw this.failure(clientId, `Marking Yelp lead ${leadId} replied`, response, leadId)
  }

  /**
   * The lead's `cost_per_lead` metric (docs/decisions/0014). Through the same per-endpoint rate limit as
   * every Yelp call; the engine asks once per lead (engine/lead-figures/lead-metrics.handler.ts).
   */
  async getLeadCost(clientId: string, leadId: string): Promise<YelpLeadCost> {
    const response = await this.send(clientId, 'GET /v3/leads/{lead_id}/metrics', { lead_id: leadId })
    if (response.status !== 200)
      throw this.failure(clientId, `Reading the metrics of Yelp lead ${leadId}`, response, leadId)
    const body = parse(yelpLeadMetricsSchema, response, `the metrics of Yelp lead ${leadId}`)
    const cost = body.metrics?.cost_per_lead
    return { cents: cost?.value ?? null, currency: cost?.currency_code ?? null }
  }

  /** The business's lead ids (docs/providers/yelp.md §1 `lead_ids`: time filters first, then `after_lead_id` pages). */
  async listLeadIds(
    clientId: string,
    businessId: string,
    range: { createdAfter?: Date; createdBefore?: Date } = {},
  ): Promise<string[]> {
    const ids: string[] = []
    const seen = new Set<string>()
    let after: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      const query: Record<string, string> = { limit: String(PAGE_SIZE) }
      if (range.createdAfter) query.created_after = yelpTime(range.createdAfter)
      if (range.createdBefore) query.created_before = yelpTime(range.createdBefore)
      if (after) query.after_lead_id = after
      const response = await this.send(
        clientId,
        'GET /v3/businesses/{business_id}/lead_ids',
        { business_id: businessId },
        { query },
      )
      if (response.status !== 200) {
        throw response.status === 404
          ? new PermanentProviderError(
              'yelp',
              `Listing the leads of Yelp business ${businessId} failed: 404 — the business is not advertising, or client ${clientId}'s Yelp connection lost access to it`,
              404,
              providerErrorCode(response.body),
            )
          : permanentError('yelp', `Listing the leads of Yelp business ${businessId}`, response)
      }
      const body = parse(yelpLeadIdsPageSchema, response, `the lead ids of Yelp business ${businessId}`)
      for (const id of body.lead_ids) {
        if (seen.has(id)) continue
        seen.add(id)
        ids.push(id)
      }
      const last = body.lead_ids.at(-1)
      if (!body.has_more || !last || last === after) break
      after = last
    }
    return ids
  }

  private send(
    clientId: string,
    endpoint: Endpoint,
    params: Record<string, string>,
    options: { query?: Record<string, string>; json?: unknown; retryOnTimeout?: boolean } = {},
  ): Promise<ProviderResponse> {
    const [method = 'GET', template = ''] = endpoint.split(' ')
    const url = new URL(yelpPath(template, params), this.config.yelp.apiBase)
    if (options.query) url.search = new URLSearchParams(options.query).toString()
    const call: ApiCall = {
      platform: 'yelp',
      clientId,
      method,
      url: url.toString(),
      json: options.json,
      rateKey: `yelp:${endpoint}`,
      // Evenly spread: 5 a second means one every 200 ms, not five at once each second.
      rateLimit: {
        limit: this.config.yelp.rateLimitPerSecond,
        windowMs: 1_000,
        spacingMs: Math.floor(1_000 / this.config.yelp.rateLimitPerSecond),
      },
      token: () => this.tokens.accessToken(clientId),
      refreshToken: (rejected) => this.tokens.refresh(clientId, rejected),
      ...(options.retryOnTimeout === undefined ? {} : { retryOnTimeout: options.retryOnTimeout }),
    }
    return this.api.call(call)
  }

  /**
   * A 404 means the lead is gone *or* the token lost the business (docs/providers/yelp.md §1;
   * docs/providers/simulators.md pitfall 7).
   */
  private failure(clientId: string, what: string, response: ProviderResponse, leadId: string) {
    if (response.status !== 404) return permanentError('yelp', what, response)
    return new PermanentProviderError(
      'yelp',
      `${what} failed: 404 — lead ${leadId} is missing, or client ${clientId}'s Yelp connection lost access to its business`,
      404,
      providerErrorCode(response.body),
    )
  }
}

/**
 * One event per id, in first-seen order. A TEXT and an ATTACHMENT_GROUPING sharing an id are one
 * message (docs/providers/yelp.md §1): its text comes from the TEXT, its attachments from the grouping.
 */
export function mergeEvents(events: YelpEvent[]): YelpEvent[] {
  const byId = new Map<string, YelpEvent>()
  for (const event of events) {
    const existing = byId.get(event.id)
    byId.set(event.id, existing ? mergePair(existing, event) : event)
  }
  return [...byId.values()]
}

function mergePair(first: YelpEvent, second: YelpEvent): YelpEvent {
  const isGrouping = (e: YelpEvent) => e.event_type === 'ATTACHMENT_GROUPING'
  if (isGrouping(first) === isGrouping(second)) return first // the same event on two pages
  const [text, grouping] = isGrouping(first) ? [second, first] : [first, second]
  const attachments = grouping.event_content.attachments ?? text.event_content.attachments
  return { ...text, event_content: { ...text.event_content, ...(attachments ? { attachments } : {}) } }
}

/** docs/providers/yelp.md §1 `lead_ids` times: ISO-8601 with a zone, written the way Yelp writes its own. */
function yelpTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00')
}

function parse<T extends z.ZodType>(schema: T, response: ProviderResponse, what: string): z.infer<T> {
  const parsed = schema.safeParse(response.body)
  if (parsed.success) return parsed.data
  throw new PermanentProviderError(
    'yelp',
    `Yelp answered ${what} in an unexpected shape (${describeIssue(parsed.error)})`,
    response.status,
    'UNEXPECTED_RESPONSE',
  )
}

/**
 * A Yelp path with each parameter as one encoded segment. Behind the checks where ids come in:
 * encoding keeps `/`, `?`, `#` and `%` inside the segment, and `.`/`..` (which no encoding hides
 * from URL resolution) are refused, so an id can never point the hub's token at another endpoint.
 */
export function yelpPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name] ?? ''
    if (value === '' || value === '.' || value === '..')
      throw new PermanentProviderError('yelp', `${name} ${JSON.stringify(value)} is not a Yelp id`, 400)
    return encodeURIComponent(value)
  })
}
