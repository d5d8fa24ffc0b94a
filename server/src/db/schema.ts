import type { AlertChannelType } from '@common/alerts.ts'
import type { ContactSyncFailure, ContactSyncState } from '@common/contacts.ts'
import type { ImportState } from '@common/imports.ts'
import type { AutomationKind, AutomationState, DraftKind } from '@common/lead-automation.ts'
import type { FirstReplySource, Playbook } from '@common/playbook.ts'
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'

// One pg-core schema for PGlite and PostgreSQL (docs/spec/dashboard-spec.md §3.1 plus audit_log and login_failures).
// Column names are snake_case; the TypeScript names follow the spec's camelCase.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

/**
 * The text the logs' and messages' free-text filter searches (docs/spec/dashboard-spec.md §2.12: endpoint, method,
 * error, payload, response, status code), as one expression so one trigram index serves it.
 * The two log tables store it lower-cased (their search_text columns); messages are filtered
 * with the very same expression as their index, or the index is not used.
 */
export const WEBHOOK_LOG_SEARCH_TEXT = `(endpoint || ' ' || method || ' ' || coalesce(status_code::text, '') || ' ' || coalesce(error, '') || ' ' || coalesce(payload::text, '') || ' ' || coalesce(response::text, ''))`
export const API_LOG_SEARCH_TEXT = `(endpoint || ' ' || method || ' ' || coalesce(status_code::text, '') || ' ' || coalesce(error, '') || ' ' || coalesce(request_body::text, '') || ' ' || coalesce(response_body::text, ''))`
export const MESSAGE_SEARCH_TEXT = `(coalesce(content, '') || ' ' || coalesce(message_id, '') || ' ' || coalesce(conversation_id, '') || ' ' || coalesce(metadata->>'leadId', '') || ' ' || coalesce(metadata->>'error', ''))`
export const MESSAGE_SEARCH = sql.raw(MESSAGE_SEARCH_TEXT)

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  /** argon2id hash; never selected unless asked for by name. */
  password: text('password').notNull(),
  email: text('email'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  role: varchar('role', { length: 50 }).notNull().default('viewer'),
  isActive: boolean('is_active').notNull().default(true),
  lastLogin: timestamp('last_login', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id').notNull().unique(),
    name: text('name').notNull(),
    email: text('email'),
    /**
     * Legacy (docs/decisions/0028): the connections moved to `provider_connections` and `locations`.
     * Kept one release, always null, so a backup made before 0023 still restores: the restore moves
     * what it loads here into the new tables (`moveLegacyConnections`). Nothing else reads them.
     */
    yelpTokens: jsonb('yelp_tokens').$type<Record<string, unknown>>(),
    /** Legacy, always null: see yelpTokens. */
    ghlTokens: jsonb('ghl_tokens').$type<Record<string, unknown>>(),
    /** Legacy, always null: see yelpTokens. */
    ghlLocationApiKey: text('ghl_location_api_key'),
    /** Legacy, always null: see yelpTokens. */
    ghlLocationId: text('ghl_location_id'),
    ghlCustomFields: jsonb('ghl_custom_fields').$type<Record<string, unknown>>(),
    ghlCustomFieldsStatus: text('ghl_custom_fields_status').notNull().default('not_configured'),
    ghlCustomFieldsCount: integer('ghl_custom_fields_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    lastActivity: timestamp('last_activity', { withTimezone: true }),
    /**
     * The onboarding link (docs/decisions/0016 §6): its token signs this nonce, so issuing a new link
     * (a new nonce) revokes the old one. It expires, and stops working once both providers are
     * connected unless it was issued while they already were.
     */
    onboardingNonce: text('onboarding_nonce').notNull().default(sql`gen_random_uuid()::text`),
    onboardingExpiresAt: timestamp('onboarding_expires_at', { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '7 days'`),
    onboardingOutlivesConnection: boolean('onboarding_outlives_connection').notNull().default(false),
    /** Legacy, always null: the subscription state is the location's (see yelpTokens). */
    yelpSubscriptionState: text('yelp_subscription_state'),
    yelpSubscriptionCheckedAt: timestamp('yelp_subscription_checked_at', { withTimezone: true }),
    yelpSubscriptionError: text('yelp_subscription_error'),
    yelpResubscribedAt: timestamp('yelp_resubscribed_at', { withTimezone: true }),
  },
  (t) => [
    index('clients_created_at_idx').on(t.createdAt),
    index('clients_last_activity_idx').on(t.lastActivity),
  ],
)

/**
 * A client's sign-in at a provider (docs/decisions/0028): its public facts and its sealed tokens.
 * Token values are sealed (SecretBox); only repositories/provider-tokens.store.ts selects them.
 */
export const providerConnections = pgTable(
  'provider_connections',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** 'yelp' | 'ghl' */
    provider: text('provider').notNull(),
    /**
     * What is not secret: Yelp { businessIds, expiresAt, refreshExpiresAt, needsReauth, reauthReason,
     * connectedAt, refreshedAt }; GHL { locationId (the grant's), companyId, userId, scope, ... }.
     */
    facts: jsonb('facts').$type<Record<string, unknown>>().notNull().default({}),
    /** Sealed. */
    accessToken: text('access_token'),
    /** Sealed. */
    refreshToken: text('refresh_token'),
    /** Sealed: GHL's location API key, when one is saved. */
    apiKey: text('api_key'),
    /** The provider account it is set up for: GHL's location (saved with its API key or by OAuth). */
    accountId: text('account_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One connection per client and provider still; the locations issue (37) lifts it for Yelp.
    uniqueIndex('provider_connections_client_provider_uq').on(t.clientId, t.provider),
    // A GHL webhook names only its location: this finds the client without a scan.
    index('provider_connections_ghl_location_idx')
      .on(sql`(coalesce(${t.accountId}, ${t.facts}->>'locationId'))`)
      .where(sql`${t.provider} = 'ghl'`),
  ],
)

/**
 * A lead platform's business served for a client (docs/decisions/0028): webhooks route by its
 * business id, and the daily subscription check keeps its webhook subscription.
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    /** The lead source ('yelp'). */
    source: text('source').notNull().default('yelp'),
    businessId: text('business_id').notNull(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** The sign-in that serves it (null once that connection is removed). */
    connectionId: integer('connection_id').references(() => providerConnections.id, { onDelete: 'set null' }),
    name: text('name'),
    /** IANA zone overriding the client's; null: the client's. */
    timezone: text('timezone'),
    /** Business hours overriding the client's; null: the client's. */
    hours: jsonb('hours').$type<Record<string, unknown>>(),
    enabled: boolean('enabled').notNull().default(true),
    /** The hub subscribed the business to the platform's lead webhooks. */
    webhookSubscribed: boolean('webhook_subscribed').notNull().default(false),
    /**
     * The daily subscription check (docs/decisions/0012 "Subscriptions"): `active` when Yelp lists the
     * business's WEBHOOK subscription, `restoring` after a re-subscribe was accepted (202 is
     * asynchronous), `failed` when it could not be restored; null before the first check.
     */
    subscriptionState: text('subscription_state'),
    subscriptionCheckedAt: timestamp('subscription_checked_at', { withTimezone: true }),
    subscriptionError: text('subscription_error'),
    /** When the check last re-subscribed the business: still missing long after it means Yelp did not restore it. */
    resubscribedAt: timestamp('resubscribed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Every webhook names its business: one index lookup finds its client and location.
    uniqueIndex('locations_source_business_uq').on(t.source, t.businessId),
    // One location per client and source still; the locations issue (37) lifts it.
    uniqueIndex('locations_client_source_uq').on(t.clientId, t.source),
  ],
)

export const userClientAssignments = pgTable(
  'user_client_assignments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    permissions: jsonb('permissions').$type<Record<string, unknown>>().notNull().default({}),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('user_client_assignments_user_client_uq').on(t.userId, t.clientId),
    index('user_client_assignments_client_idx').on(t.clientId),
  ],
)

export const userSessions = pgTable(
  'user_sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie token: a leaked table does not hand out live sessions. */
    sessionToken: text('session_token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId), index('user_sessions_expires_idx').on(t.expiresAt)],
)

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    direction: text('direction').notNull(),
    platform: text('platform'),
    messageId: text('message_id'),
    conversationId: text('conversation_id'),
    content: text('content'),
    status: text('status').notNull().default('pending'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /** Beyond docs/spec/dashboard-spec.md §3.1: `yelp:<event id>` or `ghl:<message id>`, so each is recorded once. */
    externalKey: text('external_key').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('messages_client_created_idx').on(t.clientId, t.createdAt.desc()),
    index('messages_status_created_idx').on(t.status, t.createdAt.desc()),
    index('messages_direction_created_idx').on(t.direction, t.createdAt.desc()),
    index('messages_search_trgm_idx').using('gin', sql`${MESSAGE_SEARCH} gin_trgm_ops`),
  ],
)

export const webhookLogs = pgTable(
  'webhook_logs',
  {
    id: serial('id').primaryKey(),
    endpoint: text('endpoint').notNull(),
    method: text('method').notNull(),
    statusCode: integer('status_code'),
    payload: jsonb('payload'),
    response: jsonb('response'),
    error: text('error'),
    /** Beyond docs/spec/dashboard-spec.md §3.1: lets operators see only their assigned clients' webhooks. */
    clientId: text('client_id'),
    /**
     * docs/spec/dashboard-spec.md §2.12 direction rule, stored so the logs' Direction filter is an index range instead
     * of a scan; the same patterns as common/request-logs.ts directionOfEndpoint.
     */
    direction: text('direction')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(`case
        when lower(endpoint) like '%/businesses/subscriptions%' or lower(endpoint) like '%api.yelp.com%'
          or lower(endpoint) like '%leadconnectorhq.com%' then 'outgoing'
        when lower(endpoint) like '%/yelp/webhook%' or lower(endpoint) like '%/reply%'
          or lower(endpoint) like '%/ghl/webhook%' then 'incoming'
        else 'internal' end`),
      ),
    /**
     * The free-text document, lower-cased (`lower(WEBHOOK_LOG_SEARCH_TEXT)`): the filter reads
     * `search_text like lower(pattern)` (what ILIKE does) through its trigram index instead of
     * casting both JSON bodies to text for every candidate row, which made a term matching a
     * third of a million rows cost 1.3 s to count (bench/RESULTS.md "Message Logs, API & Webhook
     * Logs and stats at scale"). Null until the log-index job fills it, off the webhook's answer
     * (repositories/log-index.repository.ts); the rows still null are searched by a plain scan
     * of that short tail, through the `unindexed` index.
     */
    searchText: text('search_text'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_logs_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('webhook_logs_client_created_idx').on(t.clientId, t.createdAt.desc()),
    // The API & Webhook Logs filters (docs/spec/dashboard-spec.md §2.12), each newest first for keyset pages.
    index('webhook_logs_endpoint_created_idx').on(t.endpoint, t.createdAt.desc(), t.id.desc()),
    index('webhook_logs_direction_created_idx').on(t.direction, t.createdAt.desc(), t.id.desc()),
    index('webhook_logs_search_text_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.searchText} is not null`),
    index('webhook_logs_unindexed_idx').on(t.id).where(sql`${t.searchText} is null`),
  ],
)

export const ghlCustomFields = pgTable(
  'ghl_custom_fields',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id').notNull(),
    fieldName: text('field_name').notNull(),
    ghlFieldId: text('ghl_field_id'),
    ghlFieldName: text('ghl_field_name'),
    dataType: text('data_type').notNull().default('TEXT'),
    options: jsonb('options').$type<string[]>(),
    sourceType: text('source_type').notNull().default('standard'),
    sourceData: jsonb('source_data'),
    apiResponse: jsonb('api_response'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ghl_custom_fields_client_field_uq').on(t.clientId, t.fieldName)],
)

export const apiRequestLogs = pgTable(
  'api_request_logs',
  {
    id: serial('id').primaryKey(),
    direction: text('direction').notNull(),
    endpoint: text('endpoint').notNull(),
    method: text('method').notNull(),
    statusCode: integer('status_code'),
    clientId: text('client_id'),
    platform: text('platform'),
    requestHeaders: jsonb('request_headers'),
    requestBody: jsonb('request_body'),
    responseHeaders: jsonb('response_headers'),
    responseBody: jsonb('response_body'),
    error: text('error'),
    duration: integer('duration'),
    /** As webhook_logs.search_text: `lower(API_LOG_SEARCH_TEXT)`, filled by the log-index job. */
    searchText: text('search_text'),
    createdAt: createdAt(),
  },
  (t) => [
    index('api_request_logs_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('api_request_logs_client_created_idx').on(t.clientId, t.createdAt.desc()),
    // The API & Webhook Logs filters (docs/spec/dashboard-spec.md §2.12), each newest first for keyset pages.
    index('api_request_logs_endpoint_created_idx').on(t.endpoint, t.createdAt.desc(), t.id.desc()),
    index('api_request_logs_direction_created_idx').on(t.direction, t.createdAt.desc(), t.id.desc()),
    index('api_request_logs_search_text_trgm_idx')
      .using('gin', sql`${t.searchText} gin_trgm_ops`)
      .where(sql`${t.searchText} is not null`),
    index('api_request_logs_unindexed_idx').on(t.id).where(sql`${t.searchText} is null`),
  ],
)

export const systemSettings = pgTable('system_settings', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
})

// The inbox's free-text fields (docs/spec/dashboard-spec.md §2.14): names, initial message, postal code, email, phone
// (also as bare digits), job names, survey fields and event texts. Immutable expressions only,
// as a generated column requires; jsonb::text keeps the words, quoted.
const LEAD_SEARCH_TEXT = `lower(
  coalesce(user_display_name, '') || ' ' ||
  coalesce(user_data->>'display_name', '') || ' ' ||
  coalesce(user_data->>'email', '') || ' ' ||
  coalesce(user_data->>'temporary_email', '') || ' ' ||
  coalesce(user_data->>'phone', '') || ' ' ||
  regexp_replace(coalesce(user_data->>'phone', ''), '[^0-9]', '', 'g') || ' ' ||
  coalesce(user_data->>'postal_code', '') || ' ' ||
  coalesce(project_data->>'additional_info', '') || ' ' ||
  coalesce(project_data->>'postal_code', '') || ' ' ||
  coalesce((project_data->'job_names')::text, '') || ' ' ||
  coalesce((project_data->'survey_fields')::text, '') || ' ' ||
  coalesce(jsonb_path_query_array(events, '$[*].description')::text, '')
)`

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    leadId: text('lead_id').notNull().unique(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    /** The lead source it came from (engine/sources/sources.ts): its jobs read and post through it. */
    source: text('source').notNull().default('yelp'),
    businessId: text('business_id'),
    conversationId: text('conversation_id'),
    userDisplayName: text('user_display_name'),
    temporaryEmailAddress: text('temporary_email_address'),
    temporaryEmailExpiry: timestamp('temporary_email_expiry', { withTimezone: true }),
    projectData: jsonb('project_data').$type<Record<string, unknown>>(),
    userData: jsonb('user_data').$type<Record<string, unknown>>(),
    timeCreated: timestamp('time_created', { withTimezone: true }).notNull(),
    lastEventTime: timestamp('last_event_time', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('new'),
    events: jsonb('events').$type<unknown[]>(),
    /**
     * Read receipts (docs/decisions/0012): the newest consumer event a person opened in the inbox (queued
     * to be marked read on Yelp, once), and the one Yelp confirmed, with when it was read.
     */
    readRequestedEventId: text('read_requested_event_id'),
    readEventId: text('read_event_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * Yelp's `cost_per_lead` metric (docs/decisions/0014; docs/providers/yelp.md §1 metrics), fetched once
     * per lead by the `yelp-lead-metrics` job: `metricsFetchedAt` set means "asked", even when Yelp
     * had no cost for it (null cents), so it is never asked again.
     */
    costPerLeadCents: integer('cost_per_lead_cents'),
    costCurrency: text('cost_currency'),
    metricsFetchedAt: timestamp('metrics_fetched_at', { withTimezone: true }),
    /**
     * Response time (docs/decisions/0014): the consumer's first message, and the business's first reply
     * after it (on Yelp, from GHL or from the inbox). Kept by the lead sync and the reply paths
     * (engine/lead-figures/response-times.ts); backfilled by migration 0013.
     */
    firstConsumerMessageAt: timestamp('first_consumer_message_at', { withTimezone: true }),
    firstBusinessReplyAt: timestamp('first_business_reply_at', { withTimezone: true }),
    /**
     * The business's newest message (docs/spec/product.md §9.1): from Yelp's events, or from a reply
     * the hub delivered (inbox, GHL, automation, "replied by phone") before its echo arrived.
     */
    lastBusinessMessageAt: timestamp('last_business_message_at', { withTimezone: true }),
    /**
     * The oldest consumer message after `lastBusinessMessageAt`: the lead awaits a reply since then
     * (while its status is new or contacted); null when the business spoke last. Kept by the lead
     * sync (leads.repository.ts upsertLead) and the reply paths (lead-waits.repository.ts).
     */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Derived by the database from the columns above, so every writer keeps them right and the
    // inbox filters (docs/spec/dashboard-spec.md §2.14) are plain indexed columns.
    /** Lower-cased text of every field the inbox's free-text search covers (trigram-indexed). */
    searchText: text('search_text').generatedAlwaysAs(sql`${sql.raw(LEAD_SEARCH_TEXT)}`),
    availability: text('availability').generatedAlwaysAs(sql`project_data->>'availability_status'`),
    hasPhone: boolean('has_phone').generatedAlwaysAs(sql`coalesce(user_data->>'phone', '') <> ''`),
    /** docs/spec/product.md §6.1: an email other than Yelp's temporary relay address. */
    hasEmail: boolean('has_email').generatedAlwaysAs(
      sql`coalesce(user_data->>'email', '') <> '' and user_data->>'email' is distinct from coalesce(user_data->>'temporary_email', temporary_email_address)`,
    ),
    /** docs/spec/dashboard-spec.md §4: outbound when the newest event (events are kept oldest first) is the business's. */
    lastMessage: text('last_message').generatedAlwaysAs(
      sql`case when events->-1->>'user_type' = 'BIZ' then 'outbound' else 'inbound' end`,
    ),
    jobNames: jsonb('job_names')
      .$type<string[]>()
      .generatedAlwaysAs(sql`coalesce(project_data->'job_names', '[]'::jsonb)`),
  },
  (t) => [
    index('leads_last_event_idx').on(t.lastEventTime.desc(), t.id.desc()),
    index('leads_client_last_event_idx').on(t.clientId, t.lastEventTime.desc()),
    index('leads_status_last_event_idx').on(t.status, t.lastEventTime.desc()),
    index('leads_time_created_idx').on(t.timeCreated),
    index('leads_availability_last_event_idx').on(t.availability, t.lastEventTime.desc(), t.id.desc()),
    index('leads_last_message_last_event_idx').on(t.lastMessage, t.lastEventTime.desc(), t.id.desc()),
    // Partial: only the leads that have one, in list order (also what X-Total-Count counts).
    index('leads_has_phone_idx').on(t.lastEventTime.desc(), t.id.desc()).where(sql`has_phone`),
    index('leads_has_email_idx').on(t.lastEventTime.desc(), t.id.desc()).where(sql`has_email`),
    index('leads_job_names_idx').using('gin', sql`${t.jobNames} jsonb_path_ops`),
    // GET /api/leads/facets reads this index alone (an index-only scan), per client or for all.
    index('leads_facets_idx').on(t.clientId, t.availability, t.jobNames),
    index('leads_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // GET /api/stats/clients: a client's leads of the last 30 days by their first message.
    index('leads_client_first_message_idx').on(t.clientId, t.firstConsumerMessageAt),
    index('leads_client_time_created_idx').on(t.clientId, t.timeCreated),
    // GET /api/leads?needsReply=true&sort=waiting and the stats' leadsAwaitingReply: the waiting
    // leads alone, longest waiting first.
    index('leads_awaiting_reply_idx')
      .on(t.waitingSince, t.id)
      .where(sql`waiting_since is not null and status in ('new', 'contacted')`),
    index('leads_client_awaiting_reply_idx')
      .on(t.clientId, t.waitingSince)
      .where(sql`waiting_since is not null and status in ('new', 'contacted')`),
  ],
)

/** A client's response playbook (docs/spec/product.md §9.2); no row means the defaults. */
export const clientPlaybooks = pgTable('client_playbooks', {
  clientId: text('client_id')
    .primaryKey()
    .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
  playbook: jsonb('playbook').$type<Playbook>().notNull(),
  /**
   * Since when first replies are on (null while off): only a lead whose first message came after
   * gets one, so turning them on does not answer every lead already waiting, or imported.
   */
  firstReplySince: timestamp('first_reply_since', { withTimezone: true }),
  /** Since when follow-ups are on (null while there are none): the same gate for follow-ups. */
  followUpsSince: timestamp('follow_ups_since', { withTimezone: true }),
  updatedAt: updatedAt(),
})

/**
 * Each consumer "new message" of a lead — the first consumer message after a business message —
 * and when the business answered it, for Yelp's own figures (docs/spec/product.md §9.1:
 * yelpResponseTime, responseRate). Rewritten from the lead's events by every sync.
 */
export const leadWaits = pgTable(
  'lead_waits',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    leadId: text('lead_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lead_waits_lead_started_uq').on(t.leadId, t.startedAt),
    index('lead_waits_client_started_idx').on(t.clientId, t.startedAt),
  ],
)

/**
 * The automation of a lead (docs/spec/product.md §9.2): one row per first reply or follow-up
 * step, unique per (lead, kind, step), so a step happens at most once whatever the retries,
 * restarts or processes. A `scheduled` row is due at `dueAt`; the step's job claims it by moving
 * it out of `scheduled` in the transaction that records what it did.
 */
export const leadAutomation = pgTable(
  'lead_automation',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    leadId: text('lead_id').notNull(),
    kind: text('kind').$type<AutomationKind>().notNull(),
    step: integer('step').notNull(),
    state: text('state').$type<AutomationState>().notNull(),
    reason: text('reason'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** When the row took its state. */
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The `messages` row of the sent text. */
    messageRowId: integer('message_row_id'),
    /** Who wrote a sent or drafted first reply: `template` or `ai` (docs/spec/product.md §9.6). */
    source: text('source').$type<FirstReplySource>(),
    /** A due step taken by a run that asks the model first: other runs leave it until then. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The newest consumer message (Yelp's time) the step was sent or drafted on. */
    consumerSeenUntil: timestamp('consumer_seen_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('lead_automation_step_uq').on(t.leadId, t.kind, t.step),
    index('lead_automation_due_idx').on(t.dueAt).where(sql`state = 'scheduled'`),
  ],
)

/** Texts waiting for a person's approval (suggest mode, AI drafts); sent or discarded, they go. */
export const leadDrafts = pgTable(
  'lead_drafts',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    leadId: text('lead_id').notNull(),
    kind: text('kind').$type<DraftKind>().notNull(),
    text: text('text').notNull(),
    /** The automation step it stands for, if any. */
    automationId: integer('automation_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('lead_drafts_lead_idx').on(t.leadId, t.createdAt),
    // One draft per kind (issue 35): a new AI draft replaces the one waiting (0024_one_draft_per_kind).
    uniqueIndex('lead_drafts_lead_kind_idx').on(t.leadId, t.kind),
  ],
)

/**
 * Every AI draft the model wrote (docs/spec/product.md §9.6), kept after its draft was sent or
 * discarded: the client's figures count drafts made, sent and sent edited.
 */
export const aiDrafts = pgTable(
  'ai_drafts',
  {
    id: text('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    leadId: text('lead_id').notNull(),
    /** `inbox` (a person asked) or `first_reply` (the playbook's first reply). */
    origin: text('origin').notNull(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    edited: boolean('edited').notNull().default(false),
  },
  (t) => [index('ai_drafts_client_created_idx').on(t.clientId, t.createdAt)],
)

export const rolePermissions = pgTable('role_permissions', {
  id: serial('id').primaryKey(),
  role: varchar('role', { length: 50 }).notNull().unique(),
  permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

export const ghlContacts = pgTable(
  'ghl_contacts',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    leadId: text('lead_id').notNull(),
    ghlContactId: text('ghl_contact_id').notNull(),
    ghlLocationId: text('ghl_location_id'),
    contactData: jsonb('contact_data').notNull(),
    syncStatus: text('sync_status').notNull().default('synced'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ghl_contacts_client_lead_uq').on(t.clientId, t.leadId),
    index('ghl_contacts_contact_idx').on(t.ghlContactId),
  ],
)

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text so the entry still names the actor after the user is deleted. */
    actorUsername: text('actor_username'),
    /** The client's address (X-Forwarded-For only under TRUST_PROXY). */
    actorAddress: text('actor_address'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt.desc(), t.id.desc())],
)

/** OAuth states already used: a state is single-use, so its nonce is recorded on first use. */
export const oauthStateUses = pgTable('oauth_state_uses', {
  nonce: text('nonce').primaryKey(),
  provider: text('provider').notNull(),
  clientId: text('client_id').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Short leases that serialise token refreshes per credential across processes, without
 * holding a database transaction open during the provider call (PGlite has one connection).
 */
export const credentialLeases = pgTable('credential_leases', {
  key: text('key').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})

/**
 * Every Yelp event the hub has handled, keyed by Yelp's event id: forwarded to GHL, or
 * recognised as the echo of the hub's own reply. `pending` survives a crash mid-forward so the
 * retry checks GHL (altId) before posting again.
 */
export const yelpEventClaims = pgTable(
  'yelp_event_claims',
  {
    eventId: text('event_id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    leadId: text('lead_id').notNull(),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('pending'),
    messageRowId: integer('message_row_id'),
    ghlMessageId: text('ghl_message_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('yelp_event_claims_lead_idx').on(t.leadId)],
)

/** Jobs set aside because a connection needs re-authorization; re-queued when it is renewed. */
export const parkedJobs = pgTable(
  'parked_jobs',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id').notNull(),
    provider: text('provider').notNull(),
    queue: text('queue').notNull(),
    data: jsonb('data').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('parked_jobs_client_idx').on(t.clientId, t.provider)],
)

/** Progress of a client's historical lead import, shown in Integration Setup. */
export const leadImports = pgTable('lead_imports', {
  clientId: text('client_id')
    .primaryKey()
    .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
  businessId: text('business_id').notNull(),
  // Type only (no migration): the wire's import states, 'never' meaning no row.
  status: text('status').$type<Exclude<ImportState, 'never'>>().notNull(),
  leadsFound: integer('leads_found').notNull().default(0),
  leadsQueued: integer('leads_queued').notNull().default(0),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
})

/**
 * What operators did to a lead outside the conversation, shown on its timeline (docs/decisions/0012):
 * `replied_phone` / `replied_email`, marked on Yelp with mark_as_replied. A lead is marked
 * replied once (Yelp refuses a second mark), so one such row per lead.
 */
export const leadActivity = pgTable(
  'lead_activity',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    leadId: text('lead_id').notNull(),
    kind: text('kind').notNull(),
    actorUsername: text('actor_username'),
    /** e.g. that Yelp already had the lead marked replied. */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    index('lead_activity_lead_idx').on(t.leadId, t.createdAt),
    uniqueIndex('lead_activity_replied_uq')
      .on(t.leadId)
      .where(sql`kind in ('replied_phone', 'replied_email')`),
  ],
)

/**
 * Row counts of the three log tables per client, so the unfiltered X-Total-Count of the logs lists
 * and the stats' totalMessages are a sum of a few rows instead of a count over a million.
 * Messages are counted by statement-level triggers in the writing transaction (migration
 * 0011_log_counters_and_search_text). The two request-log tables count only their indexed rows
 * (search_text set): the log-index job adds them as it indexes them, off the webhook's answer,
 * and a reader adds the short unindexed tail (migration 0018_log_index_off_ack_path); deletes,
 * client moves and truncates are still counted by triggers.
 * `client_key` is the client id, '' for rows without one. Each connection adds to its own
 * `slot` (its backend pid modulo 16): concurrent writers for one client do not queue on one
 * row. Derived data: backups leave it out and the triggers rebuild it on restore.
 */
export const logCounters = pgTable(
  'log_counters',
  {
    source: text('source').notNull(),
    clientKey: text('client_key').notNull(),
    slot: integer('slot').notNull(),
    rows: bigint('rows', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.source, t.clientKey, t.slot] })],
)

/** Progress of a client's "Sync All Leads to GHL Contacts" job (docs/decisions/0018 §1), like lead_imports. */
export const contactSyncs = pgTable('contact_syncs', {
  clientId: text('client_id')
    .primaryKey()
    .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
  // Type only: the wire's states, 'never' meaning no row.
  status: text('status').$type<Exclude<ContactSyncState, 'never'>>().notNull(),
  leadsTotal: integer('leads_total').notNull().default(0),
  leadsDone: integer('leads_done').notNull().default(0),
  success: integer('success').notNull().default(0),
  errors: integer('errors').notNull().default(0),
  failures: jsonb('failures').$type<ContactSyncFailure[]>().notNull().default([]),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  /** Touched with every progress write: a 'running' row left without one is abandoned. */
  updatedAt: updatedAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
})

/**
 * The provider budgets shared by every process on PostgreSQL (docs/decisions/0015):
 * `limit` slots per rate key (`yelp:<endpoint>`, `ghl:<location>`), each holding when it was
 * last used. A call takes the key's oldest slot if that one is older than the window — then at
 * most `limit` calls fall in any window, whichever process made them. A slot in use holds a
 * time ahead (the call's longest duration) until the call ends. Runtime state: not backed up.
 */
export const rateBudgetSlots = pgTable(
  'rate_budget_slots',
  {
    key: text('key').notNull(),
    slot: integer('slot').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().default(sql`'epoch'`),
  },
  (t) => [primaryKey({ columns: [t.key, t.slot] })],
)

/**
 * GHL locations whose daily request cap is spent (docs/decisions/0015, GHL's daily cap), until GHL's reset: their
 * jobs wait for `reset_at` instead of calling GHL. A row past its reset means nothing.
 */
export const ghlDailyCaps = pgTable('ghl_daily_caps', {
  locationId: text('location_id').primaryKey(),
  clientId: text('client_id')
    .notNull()
    .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
})

/**
 * A client's GHL pipeline mapping (docs/spec/product.md §9.4): one pipeline of its location and
 * a stage per lead status. No row: the pipeline is off.
 */
export const clientPipelines = pgTable('client_pipelines', {
  clientId: text('client_id')
    .primaryKey()
    .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  pipelineId: text('pipeline_id').notNull(),
  /** `{new, contacted, converted, closed}`: stage ids of `pipeline_id`. */
  stages: jsonb('stages').$type<Record<'new' | 'contacted' | 'converted' | 'closed', string>>().notNull(),
  updatedAt: updatedAt(),
})

/**
 * A lead's GHL opportunity and the order of its status changes (docs/decisions/0023). Every status
 * change, from the hub or from GHL, takes the next `status_version`; `synced_version` is the
 * newest one GHL is known to hold, so a move never sends an older status than one already sent.
 * `stage_id`/`ghl_status` are GHL's state as the hub last wrote or heard it; `recent_writes` are
 * the hub's last moves, whose webhooks come back (the echo) and change nothing.
 */
export const leadOpportunities = pgTable(
  'lead_opportunities',
  {
    leadId: text('lead_id')
      .primaryKey()
      .references(() => leads.leadId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
    opportunityId: text('opportunity_id'),
    pipelineId: text('pipeline_id'),
    locationId: text('location_id'),
    statusVersion: integer('status_version').notNull().default(0),
    syncedVersion: integer('synced_version').notNull().default(0),
    stageId: text('stage_id'),
    ghlStatus: text('ghl_status'),
    recentWrites: jsonb('recent_writes')
      .$type<Array<{ stageId: string; status: string; at: string }>>()
      .notNull()
      .default([]),
    /** When GHL last changed the lead's status (the inbox says "changed in GHL"). */
    changedInGhlAt: timestamp('changed_in_ghl_at', { withTimezone: true }),
    /** Why the lead has no opportunity (GHL refused a second open one for the contact). */
    opportunityError: text('opportunity_error'),
    /** GHL's `timestamp` of the newest webhook applied: an older one redelivered later is stale. */
    ghlEventAt: timestamp('ghl_event_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lead_opportunities_client_opportunity_idx').on(t.clientId, t.opportunityId),
    index('lead_opportunities_client_idx').on(t.clientId),
  ],
)

/** GHL app webhooks already applied, by `webhookId` (docs/providers/ghl.md §10): a replay changes nothing. */
export const ghlWebhookReceipts = pgTable(
  'ghl_webhook_receipts',
  {
    webhookId: text('webhook_id').primaryKey(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ghl_webhook_receipts_received_idx').on(t.receivedAt)],
)

/** The one-click backfill of existing leads' opportunities: progress like `contact_syncs`. */
export const opportunitySyncs = pgTable('opportunity_syncs', {
  clientId: text('client_id')
    .primaryKey()
    .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
  status: text('status').$type<Exclude<ContactSyncState, 'never'>>().notNull(),
  leadsTotal: integer('leads_total').notNull().default(0),
  leadsDone: integer('leads_done').notNull().default(0),
  success: integer('success').notNull().default(0),
  errors: integer('errors').notNull().default(0),
  failures: jsonb('failures').$type<ContactSyncFailure[]>().notNull().default([]),
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: updatedAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
})

/**
 * Where alerts go (docs/spec/product.md §9.3): a Slack incoming webhook, email addresses, or a
 * signed webhook. `target` of slack and webhook channels is a credential (whoever has the URL can
 * post), so the API shows only its scheme and host; `secret` is the webhook channel's Standard
 * Webhooks signing secret, sealed with APP_SECRET and never sent after creation.
 */
export const alertChannels = pgTable('alert_channels', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').$type<AlertChannelType>().notNull(),
  target: text('target').notNull(),
  secret: text('secret'),
  events: jsonb('events').$type<string[]>().notNull(),
  /** Empty: every client. */
  clientIds: jsonb('client_ids').$type<string[]>().notNull().default([]),
  slaMinutes: integer('sla_minutes').notNull().default(5),
  quietHours: jsonb('quiet_hours').$type<{ start: string; end: string; timezone: string } | null>(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * The alert outbox: one row per (event, channel), written in the transaction that queues its
 * delivery job. `event_key` names the cause (a lead's first message, a dead job), so raising the
 * same cause again adds nothing; `condition_key` is what the 30-minute dedupe compares. A sender
 * claims the row (`claimed_until`) before it delivers: one delivery per row across processes.
 * `delivery_id` is the Standard Webhooks `webhook-id`, the same on every retry.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull(),
    eventKey: text('event_key').notNull(),
    type: text('type').notNull(),
    channelId: text('channel_id')
      .notNull()
      .references(() => alertChannels.id, { onDelete: 'cascade' }),
    clientId: text('client_id'),
    leadId: text('lead_id'),
    conditionKey: text('condition_key').notNull(),
    state: text('state').$type<'pending' | 'sent' | 'failed' | 'suppressed'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    reason: text('reason'),
    /** The event as the channel receives it (summary, links, data). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    deliveryId: text('delivery_id').notNull(),
    claimedBy: text('claimed_by'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alerts_event_channel_uq').on(t.eventKey, t.channelId),
    index('alerts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('alerts_condition_idx').on(t.channelId, t.conditionKey, t.createdAt),
    index('alerts_client_created_idx').on(t.clientId, t.createdAt.desc()),
  ],
)

/**
 * Lead updates Yelp sent no webhook for, found by the reconcile (docs/spec/product.md §9.3
 * `webhooks.silent`), per client: System Health shows the clients with some in the last day.
 */
export const missedWebhooks = pgTable('missed_webhooks', {
  clientId: text('client_id')
    .primaryKey()
    .references(() => clients.clientId, { onDelete: 'cascade', onUpdate: 'cascade' }),
  /** Updates found since `since`, the start of the current day's count. */
  found: integer('found').notNull(),
  since: timestamp('since', { withTimezone: true }).notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
})
