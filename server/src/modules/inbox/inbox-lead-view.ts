import type { Draft } from '@common/lead-automation.ts'
import type { GhlForwarding, HubReply, Lead, LeadDetail, ReplyOrigin } from '@common/leads.ts'
import {
  LEAD_STATUSES,
  type LeadActivity,
  type LeadEvent,
  leadEventSchema,
  leadProjectDataSchema,
  leadUserDataSchema,
  readStateOf,
} from '@common/leads.ts'
import { z } from 'zod'
import type { LeadActivityRow } from '../../repositories/lead-activity.repository.ts'
import { AUTOMATION_SOURCE } from '../../repositories/lead-automation.repository.ts'
import type { DraftRow } from '../../repositories/lead-drafts.repository.ts'
import type { ForwardingRow, HubReplyRow, InboxLeadRow } from '../../repositories/lead-inbox.repository.ts'

/** A stored lead as the inbox shows it (docs/spec/dashboard-spec.md §3.2 "Lead (inbox view)"). */
export interface LeadOpportunityView {
  opportunityId: string | null
  changedInGhlAt: Date | null
  opportunityError?: string | null
}

export function toLeadView(
  row: InboxLeadRow,
  clientName: string | null,
  opportunity: LeadOpportunityView | null = null,
): Lead {
  const events = storedEventsOfRow(row)
  const { operator_contact: _edits, ...userData } = row.userData ?? {}
  return {
    id: row.id,
    leadId: row.leadId,
    clientId: row.clientId,
    clientName,
    businessId: row.businessId,
    status: leadStatusSchema.safeParse(row.status).data ?? 'new',
    userDisplayName: row.userDisplayName,
    conversationId: row.conversationId,
    temporaryEmailAddress: row.temporaryEmailAddress,
    timeCreated: row.timeCreated.toISOString(),
    lastEventTime: row.lastEventTime.toISOString(),
    // The database derives it from the newest event (schema.ts `last_message`, docs/spec/dashboard-spec.md §4).
    lastMessage: row.lastMessage === 'outbound' ? 'outbound' : 'inbound',
    userData: parsedOr(leadUserDataSchema, userData),
    projectData: parsedOr(leadProjectDataSchema, row.projectData ?? {}),
    events,
    readReceipt: {
      state: readStateOf(events, row),
      readEventId: row.readEventId,
      readAt: row.readAt?.toISOString() ?? null,
    },
    figures: {
      costPerLeadCents: row.costPerLeadCents,
      costCurrency: row.costCurrency,
      metricsFetched: row.metricsFetchedAt !== null,
      firstConsumerMessageAt: row.firstConsumerMessageAt?.toISOString() ?? null,
      firstBusinessReplyAt: row.firstBusinessReplyAt?.toISOString() ?? null,
      responseSeconds:
        row.firstConsumerMessageAt && row.firstBusinessReplyAt
          ? Math.round((row.firstBusinessReplyAt.getTime() - row.firstConsumerMessageAt.getTime()) / 1000)
          : null,
    },
    waitingSince: OPEN_STATUSES.has(row.status) ? (row.waitingSince?.toISOString() ?? null) : null,
    opportunityId: opportunity?.opportunityId ?? null,
    statusChangedInGhlAt: opportunity?.changedInGhlAt?.toISOString() ?? null,
    opportunityError: opportunity?.opportunityError ?? null,
  }
}

const leadStatusSchema = z.enum(LEAD_STATUSES)

/** A lead row's stored events in the API's shape; an entry that is not an event is left out. */
export function storedEventsOfRow(row: { events?: unknown[] | null }): LeadEvent[] {
  return (row.events ?? []).flatMap((event) => {
    const parsed = leadEventSchema.safeParse(event)
    return parsed.success ? [parsed.data] : []
  })
}

/** The statuses under which a lead can await a reply (docs/spec/product.md §9.1). */
const OPEN_STATUSES: ReadonlySet<string> = new Set(['new', 'contacted'])

interface HubReplyMeta {
  error?: string | null
  yelpEventId?: string | null
  sentBy?: string
  source?: string
  draftKind?: string
}

export function toHubReply(row: HubReplyRow): HubReply {
  const meta = (row.metadata ?? {}) as HubReplyMeta
  const status = row.status === 'success' || row.status === 'error' ? row.status : 'pending'
  return {
    messageId: row.id,
    text: row.content ?? '',
    status,
    error: status === 'error' ? (meta.error ?? 'Delivery to Yelp failed') : null,
    yelpEventId: meta.yelpEventId ?? null,
    createdAt: row.createdAt.toISOString(),
    sentBy: typeof meta.sentBy === 'string' ? meta.sentBy : null,
    origin: originOf(meta),
  }
}

function originOf(meta: HubReplyMeta): ReplyOrigin {
  if (meta.draftKind === 'ai') return 'ai_draft'
  if (meta.draftKind) return 'draft'
  return meta.source === AUTOMATION_SOURCE ? 'automation' : 'inbox'
}

export function toLeadDetail(
  lead: Lead,
  replies: HubReplyRow[],
  activity: LeadActivityRow[],
  drafts: DraftRow[],
  forwarding: ForwardingRow[],
): LeadDetail {
  return {
    ...lead,
    replies: replies.map(toHubReply),
    activity: activity.flatMap(toActivity),
    drafts: drafts.map(toDraft),
    ghlForwarding: forwarding.map(toForwarding),
  }
}

export function toDraft(row: DraftRow): Draft {
  return { id: row.id, kind: row.kind, text: row.text, createdAt: row.createdAt.toISOString() }
}

function toForwarding(row: ForwardingRow): GhlForwarding {
  const error = row.metadata?.error
  return {
    eventId: row.messageId ?? '',
    text: row.content ?? '',
    state: row.status === 'error' ? 'failed' : 'retrying',
    error: typeof error === 'string' ? error : null,
    createdAt: row.createdAt.toISOString(),
  }
}

function toActivity(row: LeadActivityRow): LeadActivity[] {
  if (row.kind !== 'replied_phone' && row.kind !== 'replied_email' && row.kind !== 'status_changed_in_ghl')
    return []
  return [{ kind: row.kind, by: row.actorUsername, detail: row.detail, at: row.createdAt.toISOString() }]
}

/** Stored JSON in its contract shape; a malformed value shows as empty rather than failing the list. */
function parsedOr<S extends z.ZodType<object>>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value)
  return parsed.success ? parsed.data : schema.parse({})
}
