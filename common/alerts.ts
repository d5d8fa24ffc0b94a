import { z } from 'zod'
import { cursorParam, limitParam } from './list-query.ts'
import { MAX } from './text-bounds.ts'

// Alert channels and the alert history (docs/spec/product.md §9.3, §9.7): names are the contract.

export const ALERT_TYPES = [
  'lead.new',
  'lead.message',
  'lead.phone_shared',
  'lead.unanswered',
  'lead.status_changed',
  'reply.sent',
  'connection.needs_reauth',
  'job.dead',
  'webhooks.silent',
  'ghl.daily_cap',
] as const
export type AlertType = (typeof ALERT_TYPES)[number]

/** Each event in the operator's words: the channel dialog's checkboxes, the channel list, the history. */
export const ALERT_TYPE_LABELS: Record<AlertType, string> = {
  'lead.new': 'New lead',
  'lead.message': 'New message',
  'lead.phone_shared': 'Lead shared a phone number',
  'lead.unanswered': 'Lead waiting past its SLA',
  'lead.status_changed': 'Lead status changed',
  'reply.sent': 'Reply sent to Yelp',
  'connection.needs_reauth': 'Connection needs re-auth',
  'job.dead': 'Background job gave up',
  'webhooks.silent': 'Yelp webhooks missing',
  'ghl.daily_cap': 'GHL daily limit reached',
}

/** Suppressed while the channel's quiet hours run (docs/spec/product.md §9.3). */
export const QUIET_HOURS_TYPES: ReadonlySet<AlertType> = new Set([
  'lead.new',
  'lead.message',
  'lead.phone_shared',
])

/** The one list of alert channel kinds: the API's schemas, the stored column and the senders take theirs from it. */
export const ALERT_CHANNEL_TYPES = ['slack', 'email', 'webhook'] as const
export type AlertChannelType = (typeof ALERT_CHANNEL_TYPES)[number]
const CHANNEL_TYPE_MESSAGE = `Type must be one of ${ALERT_CHANNEL_TYPES.join(', ')}`

export const ALERT_STATES = ['pending', 'sent', 'failed', 'suppressed'] as const
export type AlertState = (typeof ALERT_STATES)[number]

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

export const quietHoursSchema = z.strictObject({
  start: z
    .string('Start must be a time as HH:MM')
    .max(5, 'Start must be a time as HH:MM')
    .regex(HH_MM, 'Start must be a time as HH:MM'),
  end: z
    .string('End must be a time as HH:MM')
    .max(5, 'End must be a time as HH:MM')
    .regex(HH_MM, 'End must be a time as HH:MM'),
  timezone: z
    .string('Time zone is required')
    .min(1, 'Time zone is required')
    .max(100, 'Time zone must be at most 100 characters')
    .refine(isTimeZone, 'Time zone must be an IANA time zone such as America/New_York'),
})
export type QuietHours = z.infer<typeof quietHoursSchema>

const channelFields = {
  name: z
    .string('Name is required')
    .trim()
    .min(1, 'Name is required')
    .max(MAX.name, `Name must be at most ${MAX.name} characters`),
  events: z
    .array(z.enum(ALERT_TYPES, `Events must be among ${ALERT_TYPES.join(', ')}`), 'Events must be a list')
    .min(1, 'Choose at least one event')
    .max(ALERT_TYPES.length, 'Events must not repeat')
    .refine((events) => new Set(events).size === events.length, 'Events must not repeat'),
  clientIds: z
    .array(
      z.string().min(1).max(MAX.id, 'Client ids must be at most 64 characters'),
      'Client ids must be a list',
    )
    .max(1000, 'At most 1000 clients')
    .default([]),
  slaMinutes: z
    .number('SLA minutes must be a number')
    .int('SLA minutes must be a whole number')
    .min(1, 'SLA minutes must be between 1 and 10080')
    .max(10_080, 'SLA minutes must be between 1 and 10080')
    .default(5),
  quietHours: quietHoursSchema.nullable().default(null),
  enabled: z.boolean('Enabled must be true or false').default(true),
}

const target = z
  .string('Target is required')
  .trim()
  .min(1, 'Target is required')
  .max(2000, 'Target must be at most 2000 characters')

/** An http(s) URL; plain http and loopback are allowed: receivers may be self-hosted (§9.7). */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** The email target: a comma list of addresses. */
export function emailAddresses(value: string): string[] {
  return value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)
}

/** What is wrong with a target for a channel of `type`, or null. */
export function alertTargetProblem(type: AlertChannelType, value: string): string | null {
  if (type === 'email') {
    const addresses = emailAddresses(value)
    return addresses.length === 0 || addresses.some((address) => !EMAIL.test(address))
      ? 'Target must be email addresses separated by commas'
      : null
  }
  return isHttpUrl(value) ? null : 'Target must be an http(s) URL'
}

export const createAlertChannelSchema = z
  .strictObject({
    type: z.enum(ALERT_CHANNEL_TYPES, CHANNEL_TYPE_MESSAGE),
    target,
    ...channelFields,
  })
  .superRefine((body, context) => {
    const problem = alertTargetProblem(body.type, body.target)
    if (problem) context.addIssue({ code: 'custom', path: ['target'], message: problem })
  })
export type CreateAlertChannelInput = z.input<typeof createAlertChannelSchema>
export type CreateAlertChannel = z.output<typeof createAlertChannelSchema>

/**
 * An edit: every field optional (absent = unchanged). It takes the channel as GET shows it
 * (docs/spec/product.md §9.7): `id` and `type` may be sent but must be the channel's (the type is
 * fixed at creation), and a target left out or equal to its masked form keeps the stored one.
 */
export const updateAlertChannelSchema = z.strictObject({
  id: z.string('Id must be text').max(MAX.id, 'Id must be at most 64 characters').optional(),
  type: z.enum(ALERT_CHANNEL_TYPES, CHANNEL_TYPE_MESSAGE).optional(),
  name: channelFields.name.optional(),
  target: target.optional(),
  events: channelFields.events.optional(),
  clientIds: channelFields.clientIds.removeDefault().optional(),
  slaMinutes: channelFields.slaMinutes.removeDefault().optional(),
  quietHours: quietHoursSchema.nullable().optional(),
  enabled: channelFields.enabled.removeDefault().optional(),
})
export type UpdateAlertChannelInput = z.input<typeof updateAlertChannelSchema>
export type UpdateAlertChannel = z.output<typeof updateAlertChannelSchema>

export const alertChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ALERT_CHANNEL_TYPES),
  /** In full for email; only scheme and host for slack and webhook (their URLs are credentials). */
  target: z.string(),
  events: z.array(z.enum(ALERT_TYPES)),
  clientIds: z.array(z.string()),
  slaMinutes: z.number(),
  quietHours: quietHoursSchema.nullable(),
  enabled: z.boolean(),
})
export type AlertChannel = z.infer<typeof alertChannelSchema>

/** The creation answer of a webhook channel carries its signing secret, this once. */
export const createdAlertChannelSchema = alertChannelSchema.extend({ secret: z.string().optional() })
export type CreatedAlertChannel = z.infer<typeof createdAlertChannelSchema>

export const alertTestAnswerSchema = z.object({ delivered: z.literal(true) })
export type AlertTestAnswer = z.infer<typeof alertTestAnswerSchema>

export const alertsQuerySchema = z.strictObject({
  type: z.enum(ALERT_TYPES, `must be one of ${ALERT_TYPES.join(', ')}`).optional(),
  state: z.enum(ALERT_STATES, `must be one of ${ALERT_STATES.join(', ')}`).optional(),
  channelId: z.string().min(1, 'must not be empty').max(MAX.id, 'is not a channel id').optional(),
  clientId: z.string().min(1, 'must not be empty').max(MAX.id, 'is not a client id').optional(),
  limit: limitParam,
  cursor: cursorParam.optional(),
})
export type AlertsQuery = z.input<typeof alertsQuerySchema>

export const alertSchema = z.object({
  id: z.number(),
  /** The event this delivery carries: one event reaches each of its channels (the history groups them). */
  eventId: z.string(),
  type: z.enum(ALERT_TYPES),
  channelId: z.string(),
  clientId: z.string().nullable(),
  leadId: z.string().nullable(),
  state: z.enum(ALERT_STATES),
  attempts: z.number(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** The message it carries, for the history's row. */
  summary: z.string(),
})
export type Alert = z.infer<typeof alertSchema>
export const alertListSchema = z.array(alertSchema)
