import type { LeadMessage } from '@common/lead-model.ts'

// What happened to a lead, as the code that made it happen records it (lead-event-recorder.ts):
// the sync, the inbox and the GHL webhook state facts; the reactions (reactions/*.reaction.ts,
// listed in lead-reactions.ts) decide what follows from them. An event says what is true, never
// what to do next: "the lead was stored", not "queue its automation".

/** The lead an event is about. */
export interface LeadRef {
  clientId: string
  leadId: string
}

/**
 * A sync stored the lead and its conversation, as its source has them now. Recorded right after
 * the read: the automation run it queues may post on that read (lead-automation.reaction.ts).
 */
export interface LeadStored extends LeadRef {
  type: 'lead.stored'
  /** The lead's figures from its source (its cost) are still to be fetched. */
  needsMetrics: boolean
  /** Stored by a historical import: its messages are history, not news, and nobody is told of them. */
  history: boolean
  /** The number a lead stored before this sync gained with it (the consumer shared it); else null. */
  gainedPhone: string | null
  /** Ids of the messages a reconcile found that no webhook had announced (docs/decisions/0013). */
  unannounced: readonly string[]
}

/** A message of the lead the hub had not handled yet: stored now, still to be forwarded. */
export interface MessageStored extends LeadRef {
  type: 'lead.message'
  message: LeadMessage
  /** The lead's first message from the consumer (the one that makes it a new lead). */
  first: boolean
  /** Stored by a historical import (see LeadStored.history). */
  history: boolean
}

/** The lead's GHL contact and conversation exist (made, found or verified by a sync). */
export interface ContactReady extends LeadRef {
  type: 'lead.contact_ready'
}

/**
 * The lead's status was set. `origin` says where: `hub` (the inbox or the API, by a person) or
 * `ghl` (the opportunity was moved in GHL, applied from its webhook). A status set to the one it
 * already had is recorded too (`previous === status`): the inbox places the lead there again.
 */
export interface StatusChanged extends LeadRef {
  type: 'lead.status_changed'
  previous: string
  status: string
  origin: 'hub' | 'ghl'
  /** Who set it: the signed-in user's name, or 'GHL'. */
  by: string | null
}

export type LeadEvent = LeadStored | MessageStored | ContactReady | StatusChanged
export type LeadEventType = LeadEvent['type']
/** The event of one type. */
export type LeadEventOf<T extends LeadEventType> = Extract<LeadEvent, { type: T }>
