import type { HubReply, Lead, LeadAttachment, LeadEvent, LeadStatus } from '@common/leads.ts'

// docs/spec/dashboard-spec.md §4 colours and §2.14/§9 display rules of the Lead Inbox.

export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  converted: 'Converted',
  closed: 'Closed',
}

/** docs/spec/dashboard-spec.md §4: new blue, contacted yellow, converted green, closed grey. */
export const STATUS_CLASSES: Record<LeadStatus, string> = {
  new: 'border-transparent bg-blue-100 text-blue-800',
  contacted: 'border-transparent bg-yellow-100 text-yellow-800',
  converted: 'border-transparent bg-green-100 text-green-800',
  closed: 'border-transparent bg-gray-100 text-gray-700',
}

/** docs/spec/dashboard-spec.md §4: ASAP red, URGENT orange, FLEXIBLE green, SPECIFIC_DATES shows its dates, others grey. */
export function availabilityClass(status: string | null | undefined): string {
  switch (status) {
    case 'ASAP':
      return 'border-transparent bg-red-100 text-red-800'
    case 'URGENT':
      return 'border-transparent bg-orange-100 text-orange-800'
    case 'FLEXIBLE':
      return 'border-transparent bg-green-100 text-green-800'
    default:
      return 'border-transparent bg-gray-100 text-gray-700'
  }
}

export function availabilityText(lead: Pick<Lead, 'projectData'>): string {
  const status = lead.projectData.availability_status
  if (!status) return 'Not specified'
  const dates = lead.projectData.availability_dates ?? []
  if (status === 'SPECIFIC_DATES' && dates.length) return dates.join(', ')
  return status
}

export function displayName(lead: Pick<Lead, 'userDisplayName' | 'userData'>): string {
  return lead.userDisplayName || lead.userData.display_name || 'Unknown User'
}

export function initialOf(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase()
}

/** docs/spec/dashboard-spec.md §2.14 event labels: Message, Attachment, Initial Contact, Event. */
export function eventLabel(event: Pick<LeadEvent, 'event_type'>): string {
  switch (event.event_type) {
    case 'TEXT':
      return 'Message'
    case 'ATTACHMENT_GROUPING':
      return 'Attachment'
    // Yelp names the first quote-request event RAQ_SUBMIT (docs/providers/yelp.md).
    case 'INITIAL_MESSAGE':
    case 'RAQ_SUBMIT':
      return 'Initial Contact'
    default:
      return 'Event'
  }
}

/** docs/spec/dashboard-spec.md §9: an event id is shown as its last 8 characters. */
export function shortEventId(id: string): string {
  return id.slice(-8)
}

export function eventText(event: LeadEvent): string {
  return event.event_content?.text || event.event_content?.fallback_text || event.description || ''
}

/** Events in time order (docs/spec/dashboard-spec.md §2.14), stable for equal times. */
export function eventsInTimeOrder(events: LeadEvent[]): LeadEvent[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => Date.parse(a.event.time_created) - Date.parse(b.event.time_created) || a.index - b.index)
    .map(({ event }) => event)
}

/** Event attachments and project attachments together (docs/spec/dashboard-spec.md §2.14 details column). */
export function allAttachments(lead: Pick<Lead, 'events' | 'projectData'>): LeadAttachment[] {
  return [
    ...lead.events.flatMap((event) => event.event_content?.attachments ?? []),
    ...(lead.projectData.attachments ?? []),
  ]
}

export function isImage(attachment: LeadAttachment): boolean {
  return (
    (attachment.mime_type ?? '').startsWith('image/') || /\.(png|jpe?g|gif|webp)$/i.test(attachment.url ?? '')
  )
}

/** Only web addresses become links or images; anything else (javascript:, data:) stays text. */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null
  } catch {
    return null
  }
}

/** The temporary relay address differs from the email the lead gave ('(temp)' in the details). */
export function temporaryEmailOf(lead: Pick<Lead, 'userData' | 'temporaryEmailAddress'>): string | null {
  const temp = lead.userData.temporary_email || lead.temporaryEmailAddress
  return temp && temp !== lead.userData.email ? temp : null
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' })
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
]

/** "just now", "5 min. ago", "yesterday". */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = (Date.parse(iso) - now) / 1000
  if (Number.isNaN(seconds)) return ''
  if (Math.abs(seconds) < 45) return 'just now'
  for (const [unit, size] of STEPS) {
    if (Math.abs(seconds) >= size || unit === 'minute')
      return RELATIVE.format(Math.round(seconds / size), unit)
  }
  return 'just now'
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
}

/** Who sent a reply from the hub, for the line under its bubble. */
export function replyOriginText(reply: Pick<HubReply, 'origin' | 'sentBy'>): string {
  const by = reply.sentBy ?? 'a user'
  switch (reply.origin) {
    case 'automation':
      return 'Sent automatically by the playbook'
    case 'ai_draft':
      return `AI draft sent by ${by}`
    case 'draft':
      return `Draft sent by ${by}`
    default:
      return `Sent by ${by}`
  }
}
