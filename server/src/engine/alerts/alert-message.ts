import type { AlertType } from '@common/alerts.ts'

/** What the message says about its client and lead, read from the database when raised. */
export interface AlertContext {
  baseUrl: string
  clientName: string | null
  lead: { name: string | null; jobType: string | null; businessId: string | null } | null
}

/**
 * The event as every channel receives it: the webhook body of docs/spec/product.md §9.3, plus
 * `action` (what to do) and `yelpUrl` that the Slack and email texts show.
 */
export interface AlertPayload {
  type: AlertType
  id: string
  occurredAt: string
  clientId: string | null
  clientName: string | null
  leadId?: string
  leadUrl?: string
  /** The lead in Yelp's Leads Center (docs/providers/yelp.md §1). */
  yelpUrl?: string
  /** Where to act in the hub: the lead in the inbox, else the screen that fixes the condition. */
  openUrl: string
  summary: string
  action: string
  data: Record<string, unknown>
}

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null)

/** How `reply.sent` names where the reply came from (alert-events.ts ReplySource). */
const REPLY_ORIGIN: Record<string, string> = {
  automation: "The playbook's automatic reply",
  ghl: 'A reply from GoHighLevel',
  inbox: 'A reply from the inbox',
}

/** One line that names the client and lead, and the next step, per event. */
function wording(
  type: AlertType,
  who: string,
  lead: string,
  data: Record<string, unknown>,
): { summary: string; action: string } {
  const text = str(data.text)?.replace(/\s+/g, ' ').trim()
  const quoted = text ? `: "${text.length > 140 ? `${text.slice(0, 139)}…` : text}"` : ''
  switch (type) {
    case 'lead.new':
      return {
        summary: `New Yelp lead for ${who} from ${lead}${quoted}`,
        action: 'Reply now: Yelp ranks businesses on how fast they answer.',
      }
    case 'lead.message':
      return {
        summary: `${lead} wrote again to ${who}${quoted}`,
        action: 'Open the conversation and answer.',
      }
    case 'lead.phone_shared':
      return {
        summary: `${lead} shared a phone number with ${who}`,
        action: 'Call them while the lead is warm.',
      }
    case 'lead.unanswered':
      return data.draftReady === true
        ? {
            summary: `${lead} has waited ${data.waitingMinutes ?? '?'} minutes for a reply from ${who}; a draft reply is ready`,
            action: 'Open the lead, check the draft and press Send, or mark it replied if you called.',
          }
        : {
            summary: `${lead} has waited ${data.waitingMinutes ?? '?'} minutes for a reply from ${who}`,
            action: 'Answer the lead, or mark it replied if you called.',
          }
    case 'lead.status_changed':
      return {
        summary: `${lead} of ${who} is now ${str(data.status) ?? 'changed'}${str(data.previous) ? ` (was ${data.previous})` : ''}`,
        action: 'Nothing to do unless the change is unexpected.',
      }
    case 'reply.sent':
      return {
        summary: `${REPLY_ORIGIN[str(data.source) ?? ''] ?? 'A reply'} to ${lead} of ${who} was delivered to Yelp${quoted}`,
        action: 'Nothing to do.',
      }
    case 'connection.needs_reauth':
      // The provider's own reason stays in the hub's alert history (alert-port.ts `detail`).
      return {
        summary: `The ${str(data.provider) === 'ghl' ? 'GoHighLevel' : 'Yelp'} connection of ${who} needs to be authorized again`,
        action:
          "Send the client's onboarding link (Clients → the client → Onboarding link) and ask them to connect again; its leads wait until then.",
      }
    case 'job.dead':
      // The job's error text stays in the hub: the dashboard and the logs show it.
      return {
        summary: `A ${str(data.queue) ?? 'background'} job for ${who} failed for good after its retries`,
        action:
          'See the error in System Health on the dashboard or in the logs, fix the cause, then press Retry there.',
      }
    case 'webhooks.silent':
      return {
        summary:
          str(data.cause) === 'subscription'
            ? `Yelp no longer lists the webhook subscription of ${who}'s business`
            : `Yelp sent no webhook for ${data.found ?? 'some'} lead update(s) of ${who}; the reconcile fetched them`,
        action:
          'Check the client in Integration Setup; the hub re-subscribes and reconciles every 15 minutes meanwhile.',
      }
    case 'ghl.daily_cap':
      return {
        summary: `GoHighLevel's daily request limit is spent for ${who}; its leads wait until ${str(data.resetAt) ?? 'the reset'}`,
        action:
          'Nothing is lost: forwarding resumes at the reset. Reduce other apps on that location if it recurs.',
      }
  }
}

export function composeAlert(
  event: { type: AlertType; id: string; occurredAt: Date; clientId: string | null; leadId?: string | null },
  data: Record<string, unknown>,
  context: AlertContext,
): AlertPayload {
  const who = context.clientName ?? event.clientId ?? 'the hub'
  const leadName = context.lead?.name ?? (event.leadId ? `lead ${event.leadId}` : 'a lead')
  const { summary, action } = wording(event.type, who, leadName, data)
  const leadUrl =
    event.leadId && event.clientId
      ? `${context.baseUrl}/inbox?clientId=${encodeURIComponent(event.clientId)}&leadId=${encodeURIComponent(event.leadId)}`
      : undefined
  const businessId = context.lead?.businessId
  // A condition without a lead is fixed on the Clients screen (connections, subscriptions, limits)
  // or from System Health on the dashboard (dead jobs).
  const openUrl =
    leadUrl ?? (event.type === 'job.dead' ? `${context.baseUrl}/` : `${context.baseUrl}/clients`)
  return {
    type: event.type,
    id: event.id,
    occurredAt: event.occurredAt.toISOString(),
    clientId: event.clientId,
    clientName: context.clientName,
    ...(event.leadId ? { leadId: event.leadId } : {}),
    ...(leadUrl ? { leadUrl } : {}),
    ...(event.leadId && businessId
      ? {
          yelpUrl: `https://biz.yelp.com/leads_center/${encodeURIComponent(businessId)}/leads/${encodeURIComponent(event.leadId)}`,
        }
      : {}),
    summary,
    action,
    openUrl,
    data: { ...data, ...(context.lead?.jobType ? { jobType: context.lead.jobType } : {}) },
  }
}

/** The plain-text form (Slack, the email's text part): summary, what to do, links. */
export function alertText(payload: AlertPayload): string {
  return [
    payload.summary,
    payload.action,
    `Open in LeadRelay: ${payload.openUrl}`,
    payload.yelpUrl ? `Open in Yelp Leads Center: ${payload.yelpUrl}` : null,
  ]
    .filter(Boolean)
    .join('\n')
}
