import { z } from 'zod'
import { CLIENT_ID_PATTERN } from './clients.ts'
import { draftSchema } from './lead-automation.ts'
import { MAX } from './text-bounds.ts'
import { yelpLeadIdField } from './yelp-lead-id.ts'

// Lead Inbox contracts (docs/spec/dashboard-spec.md §2.14, §3.2, §4; docs/spec/product.md §6.1):
// the server parses its input and declares its answers with these; the web parses every answer.

/** docs/spec/dashboard-spec.md §4: the four statuses, `new` by default. */
export const LEAD_STATUSES = ['new', 'contacted', 'converted', 'closed'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

export const LAST_MESSAGE_DIRECTIONS = ['inbound', 'outbound'] as const
export type LastMessageDirection = (typeof LAST_MESSAGE_DIRECTIONS)[number]

export const LEAD_SORTS = ['activity', 'waiting'] as const
export type LeadSort = (typeof LEAD_SORTS)[number]

export const DEFAULT_LEADS_LIMIT = 100
export const MAX_LEADS_LIMIT = 500
export const MAX_REPLY_LENGTH = 5000

// ---------- request: GET /api/leads ----------

const DAY = /^\d{4}-\d{2}-\d{2}$/
const DATE_MESSAGE = 'must be a date (YYYY-MM-DD) or an ISO timestamp'

/** A `YYYY-MM-DD` UTC day or an ISO timestamp; days are resolved by the bound that uses them. */
export const dateParam = z
  .string()
  .trim()
  .refine((value) => {
    if (DAY.test(value)) {
      const at = new Date(`${value}T00:00:00.000Z`)
      return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value)
    }
    return z.iso.datetime({ offset: true }).safeParse(value).success
  }, DATE_MESSAGE)

/** The start of a `from` bound: a day's midnight (UTC) or the timestamp itself. */
export function lowerBound(value: string): Date {
  return DAY.test(value) ? new Date(`${value}T00:00:00.000Z`) : new Date(value)
}

/** The exclusive end of a `to` bound: a day includes its whole day, a timestamp itself. */
export function upperBound(value: string): Date {
  if (DAY.test(value)) return new Date(new Date(`${value}T00:00:00.000Z`).getTime() + 86_400_000)
  return new Date(new Date(value).getTime() + 1)
}

const flag = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((v) => v === 'true')

const statusList = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const statuses = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    for (const status of statuses) {
      if (!(LEAD_STATUSES as readonly string[]).includes(status)) {
        ctx.addIssue({ code: 'custom', message: `must be a comma list of ${LEAD_STATUSES.join(', ')}` })
        return z.NEVER
      }
    }
    return statuses as LeadStatus[]
  })

export const leadsQuerySchema = z.object({
  clientId: z.string().trim().regex(CLIENT_ID_PATTERN, 'must be a client id').max(64).optional(),
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  status: statusList.optional(),
  availability: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  jobType: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  hasPhone: flag.optional(),
  hasEmail: flag.optional(),
  lastMessage: z.enum(LAST_MESSAGE_DIRECTIONS, { error: 'must be inbound or outbound' }).optional(),
  createdFrom: dateParam.optional(),
  createdTo: dateParam.optional(),
  activityFrom: dateParam.optional(),
  activityTo: dateParam.optional(),
  /** docs/spec/product.md §9.1: only the leads awaiting a reply. */
  needsReply: flag.optional(),
  /** Only the leads with a draft waiting for a person (issue 35: "Draft ready"). */
  hasDraft: flag.optional(),
  /** `waiting`: longest waiting first, leads not waiting last; default newest activity first. */
  sort: z.enum(LEAD_SORTS, { error: `must be one of ${LEAD_SORTS.join(', ')}` }).default('activity'),
  limit: z.coerce
    .number({ error: `must be a whole number from 1 to ${MAX_LEADS_LIMIT}` })
    .int(`must be a whole number from 1 to ${MAX_LEADS_LIMIT}`)
    .min(1, `must be a whole number from 1 to ${MAX_LEADS_LIMIT}`)
    .max(MAX_LEADS_LIMIT, `must be a whole number from 1 to ${MAX_LEADS_LIMIT}`)
    .default(DEFAULT_LEADS_LIMIT),
  cursor: z.string().trim().max(400, 'is not a cursor this server issued').optional(),
})
export type LeadsQuery = z.output<typeof leadsQuerySchema>
/** What the inbox sends: every filter as the URL carries it (strings). */
export type LeadsQueryParams = Partial<Record<keyof z.input<typeof leadsQuerySchema>, string>>

export const leadFacetsQuerySchema = leadsQuerySchema.pick({ clientId: true })

// ---------- answers ----------

export const leadAttachmentSchema = z
  .object({
    id: z.string().nullish(),
    url: z.string().nullish(),
    mime_type: z.string().nullish(),
    resource_name: z.string().nullish(),
  })
  .loose()
export type LeadAttachment = z.infer<typeof leadAttachmentSchema>

export const leadEventSchema = z
  .object({
    id: z.string(),
    event_type: z.string(),
    user_type: z.string(),
    user_display_name: z.string().nullish(),
    timestamp: z.string().nullish(),
    time_created: z.string(),
    description: z.string().nullish(),
    event_content: z
      .object({
        text: z.string().nullish(),
        fallback_text: z.string().nullish(),
        attachments: z.array(leadAttachmentSchema).nullish(),
      })
      .loose()
      .nullish(),
  })
  .loose()
export type LeadEvent = z.infer<typeof leadEventSchema>

export const leadUserDataSchema = z
  .object({
    display_name: z.string().nullish(),
    email: z.string().nullish(),
    temporary_email: z.string().nullish(),
    phone: z.string().nullish(),
    postal_code: z.string().nullish(),
  })
  .loose()

export const leadProjectDataSchema = z
  .object({
    additional_info: z.string().nullish(),
    postal_code: z.string().nullish(),
    availability_status: z.string().nullish(),
    availability_dates: z.array(z.string()).nullish(),
    job_names: z.array(z.string()).nullish(),
    survey_fields: z.record(z.string(), z.array(z.string())).nullish(),
    original_survey_answers: z.array(z.unknown()).nullish(),
    attachments: z.array(leadAttachmentSchema).nullish(),
  })
  .loose()

/**
 * Whether the consumer's last message was read (docs/decisions/0012): `none` without a consumer message,
 * `unread` until someone opens the lead, `pending` while the engine marks it on Yelp, `read` once
 * Yelp confirmed. `readAt` is when the confirmed event was opened.
 */
export const READ_STATES = ['none', 'unread', 'pending', 'read'] as const
export type ReadState = (typeof READ_STATES)[number]
export const readReceiptSchema = z.object({
  state: z.enum(READ_STATES),
  readEventId: z.string().nullable(),
  readAt: z.string().nullable(),
})
export type ReadReceipt = z.infer<typeof readReceiptSchema>

/**
 * What the lead cost and how fast it was answered (docs/decisions/0014). `costPerLeadCents` is Yelp's
 * `cost_per_lead` in cents of `costCurrency`; null until fetched (`metricsFetched`) or when Yelp had
 * none. `responseSeconds`: from the consumer's first message to the business's first reply.
 */
export const leadFiguresSchema = z.object({
  costPerLeadCents: z.number().int().nullable(),
  costCurrency: z.string().nullable(),
  metricsFetched: z.boolean(),
  firstConsumerMessageAt: z.string().nullable(),
  firstBusinessReplyAt: z.string().nullable(),
  responseSeconds: z.number().int().nullable(),
})
export type LeadFigures = z.infer<typeof leadFiguresSchema>

/** docs/spec/dashboard-spec.md §3.2 "Lead (inbox view)", plus the client's name and the §4 last-message direction. */
export const leadSchema = z.object({
  id: z.number().int(),
  leadId: z.string(),
  clientId: z.string(),
  clientName: z.string().nullable(),
  businessId: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  userDisplayName: z.string().nullable(),
  conversationId: z.string().nullable(),
  temporaryEmailAddress: z.string().nullable(),
  timeCreated: z.string(),
  lastEventTime: z.string(),
  lastMessage: z.enum(LAST_MESSAGE_DIRECTIONS),
  userData: leadUserDataSchema,
  projectData: leadProjectDataSchema,
  events: z.array(leadEventSchema),
  readReceipt: readReceiptSchema,
  figures: leadFiguresSchema,
  /**
   * docs/spec/product.md §9.1: the oldest consumer message not answered yet, while the status is
   * new or contacted; null when the business spoke last or the lead is converted or closed.
   */
  waitingSince: z.string().nullable(),
  /** The lead's GHL opportunity (docs/spec/product.md §9.4); null without a pipeline or before it exists. */
  opportunityId: z.string().nullable(),
  /** When GHL last changed this lead's status (an opportunity moved there); null when it never did. */
  statusChangedInGhlAt: z.string().nullable(),
  /** Why the lead has no opportunity (GHL refused a second open one for the contact); null otherwise. */
  opportunityError: z.string().nullable().optional(),
  /** A draft waits for a person's Send (the inbox's "Draft ready"); absent means none. */
  hasDraft: z.boolean().optional(),
})
export type Lead = z.infer<typeof leadSchema>

export const leadListSchema = z.array(leadSchema)

export const REPLY_STATES = ['pending', 'success', 'error'] as const

/** A reply typed in the hub (docs/spec/product.md §2): pending, then sent (success) or failed with its reason. */
/**
 * Where a reply sent from the hub came from: typed in the inbox's reply box, a draft a person
 * sent (`ai_draft` when a model wrote it), or the playbook's automatic first reply or follow-up.
 */
export const REPLY_ORIGINS = ['inbox', 'draft', 'ai_draft', 'automation'] as const
export type ReplyOrigin = (typeof REPLY_ORIGINS)[number]

export const hubReplySchema = z.object({
  messageId: z.number().int(),
  text: z.string(),
  status: z.enum(REPLY_STATES),
  error: z.string().nullable(),
  yelpEventId: z.string().nullable(),
  createdAt: z.string(),
  /** The user who sent it; null for the playbook's automatic messages. */
  sentBy: z.string().nullable(),
  origin: z.enum(REPLY_ORIGINS),
})
export type HubReply = z.infer<typeof hubReplySchema>

export const REPLY_TYPES = ['PHONE', 'EMAIL'] as const
export type ReplyType = (typeof REPLY_TYPES)[number]

/** A timeline entry beyond the conversation (docs/decisions/0012): the lead was answered by phone or email. */
export const leadActivitySchema = z.object({
  /** `status_changed_in_ghl`: GHL moved the lead's opportunity; `detail` is "contacted → converted". */
  kind: z.enum(['replied_phone', 'replied_email', 'status_changed_in_ghl']),
  by: z.string().nullable(),
  detail: z.string().nullable(),
  at: z.string(),
})
export type LeadActivity = z.infer<typeof leadActivitySchema>

export const FORWARD_STATES = ['retrying', 'failed'] as const

/**
 * A Yelp message of the lead that is not in GHL after a try: `retrying` while GHL could not take
 * it (a 5xx or a timeout; the hub keeps trying, and the lead's later messages are forwarded
 * meanwhile), `failed` when GHL refused it (a job an operator can retry in Failed jobs).
 * `error` is the last answer; the entry goes once the message reaches GHL.
 */
export const ghlForwardingSchema = z.object({
  eventId: z.string(),
  text: z.string(),
  state: z.enum(FORWARD_STATES),
  error: z.string().nullable(),
  createdAt: z.string(),
})
export type GhlForwarding = z.infer<typeof ghlForwardingSchema>

/**
 * GET /api/leads/{leadId}: the lead with its events, the replies sent from the hub, its activity
 * and its messages that have not reached GHL (`ghlForwarding`, oldest first; empty when all did).
 */
export const leadDetailSchema = leadSchema.extend({
  replies: z.array(hubReplySchema),
  activity: z.array(leadActivitySchema),
  /** docs/spec/product.md §9.2: texts waiting for a person's approval, oldest first. */
  drafts: z.array(draftSchema),
  ghlForwarding: z.array(ghlForwardingSchema),
})
export type LeadDetail = z.infer<typeof leadDetailSchema>

export const leadFacetsSchema = z.object({
  jobTypes: z.array(z.string()),
  availability: z.array(z.string()),
})
export type LeadFacets = z.infer<typeof leadFacetsSchema>

// ---------- commands ----------

export const leadParamsSchema = z.object({
  // A Yelp lead id: it goes into Yelp's paths, so its alphabet only (common/yelp-lead-id.ts).
  leadId: yelpLeadIdField('leadId'),
})

export const leadStatusBodySchema = z.strictObject({
  status: z.enum(LEAD_STATUSES, { error: `must be one of ${LEAD_STATUSES.join(', ')}` }),
})
export type LeadStatusBody = z.infer<typeof leadStatusBodySchema>

const optionalContact = (field: z.ZodType<string>) =>
  z
    .union([z.literal(''), field])
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null))

export const leadContactBodySchema = z
  .strictObject({
    email: optionalContact(z.email('Invalid email address').max(254)),
    phone: optionalContact(
      z
        .string()
        .trim()
        .max(32)
        .regex(/^\+?[\d\s().-]{7,}$/, 'Invalid phone number'),
    ),
  })
  .refine((body) => body.email !== undefined || body.phone !== undefined, {
    message: 'give email or phone',
    path: ['body'],
  })
export type LeadContactBody = z.infer<typeof leadContactBodySchema>

export const leadReplyBodySchema = z.strictObject({
  text: z
    .string({ error: 'Reply text is required' })
    .trim()
    .min(1, 'Reply text is required')
    .max(MAX_REPLY_LENGTH, `Reply text must be at most ${MAX_REPLY_LENGTH} characters`),
})
export type LeadReplyBody = z.infer<typeof leadReplyBodySchema>

export const leadReplyAnswerSchema = z.object({ messageId: z.number().int() })
export type LeadReplyAnswer = z.infer<typeof leadReplyAnswerSchema>

/** POST /api/leads/{leadId}/read (docs/decisions/0012): the newest consumer event the person saw. */
export const leadReadBodySchema = z.strictObject({
  eventId: z
    .string({ error: 'eventId is required' })
    .trim()
    .min(1, 'eventId is required')
    .max(MAX.providerId, `eventId must be at most ${MAX.providerId} characters`),
})
export type LeadReadBody = z.infer<typeof leadReadBodySchema>

/** `queued`: the engine marks it on Yelp; `already`: that event (or a newer one) was marked before. */
export const leadReadAnswerSchema = z.object({
  outcome: z.enum(['queued', 'already', 'not_connected']),
  readReceipt: readReceiptSchema,
})
export type LeadReadAnswer = z.infer<typeof leadReadAnswerSchema>

/** POST /api/leads/{leadId}/replied (docs/decisions/0012). */
export const leadRepliedBodySchema = z.strictObject({
  replyType: z.enum(REPLY_TYPES, { error: `must be one of ${REPLY_TYPES.join(', ')}` }),
})
export type LeadRepliedBody = z.infer<typeof leadRepliedBodySchema>

/** `already_marked`: Yelp (or the hub) had the lead marked replied before; done all the same. */
export const leadRepliedAnswerSchema = z.object({ outcome: z.enum(['marked', 'already_marked']) })
export type LeadRepliedAnswer = z.infer<typeof leadRepliedAnswerSchema>

// ---------- live changes (GET /api/events) ----------

export const CHANGE_TOPICS = ['leads', 'messages', 'logs', 'clients', 'jobs', 'alerts'] as const
export type ChangeTopic = (typeof CHANGE_TOPICS)[number]

export const changeEventSchema = z.object({
  topic: z.enum(CHANGE_TOPICS),
  clientId: z.string().optional(),
  leadId: z.string().optional(),
})
export type ChangeEvent = z.infer<typeof changeEventSchema>

// ---------- display rules shared by both sides ----------

/** docs/spec/dashboard-spec.md §4: outbound when the newest event is the business's, otherwise inbound. */
/** The newest consumer event, the one a person who opens the lead has read. */
export function lastConsumerEventId(
  events: ReadonlyArray<{ id: string; user_type?: string | null }>,
): string | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const event = events[i]
    if (event?.user_type === 'CONSUMER') return event.id
  }
  return null
}

/** Read state of the consumer's last message from the stored markers (Yelp marks an event and every earlier one). */
export function readStateOf(
  events: ReadonlyArray<{ id: string; user_type?: string | null }>,
  markers: { readRequestedEventId: string | null; readEventId: string | null },
): ReadState {
  const last = lastConsumerEventId(events)
  if (!last) return 'none'
  const ids = events.map((e) => e.id)
  const lastIndex = ids.indexOf(last)
  const covers = (id: string | null) => id !== null && ids.indexOf(id) >= lastIndex
  if (covers(markers.readEventId)) return 'read'
  return covers(markers.readRequestedEventId) ? 'pending' : 'unread'
}

export function lastMessageOf(events: ReadonlyArray<{ user_type?: string | null }>): LastMessageDirection {
  return events.at(-1)?.user_type === 'BIZ' ? 'outbound' : 'inbound'
}

/** docs/spec/dashboard-spec.md §3.2 "Client (reference)": what the inbox's client selector reads of GET /api/clients. */
export const clientReferenceListSchema = z.array(z.object({ clientId: z.string(), name: z.string() }).loose())
export type ClientReference = z.infer<typeof clientReferenceListSchema>[number]
