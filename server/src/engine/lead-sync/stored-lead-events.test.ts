import { type LeadMessage, toStoredEvent } from '@common/lead-model.ts'
import { describe, expect, it } from 'vitest'
import type { LeadSyncJob } from '../queue/queues.ts'
import { storedLeadEvents } from './stored-lead-events.ts'

// The facts a sync's store reveals (engine/lead-events/lead-event.ts), from which the alerts,
// the automation and System Health react: which message is the lead's first, what is history,
// what a reconcile found unannounced, and when a stored lead gained a phone number.

const message = (
  id: string,
  author: LeadMessage['author'],
  kind: LeadMessage['kind'] = 'message',
): LeadMessage => ({
  id,
  kind,
  author,
  authorName: null,
  text: `text ${id}`,
  attachments: [],
  time: '2026-11-27T10:00:00Z',
  sourceType: kind === 'message' ? 'TEXT' : 'CONSUMER_PHONE_NUMBER_OPT_IN_EVENT',
})
const job = (reason: string): LeadSyncJob => ({ clientId: 'acme', leadId: 'lead-1', reason })
const biz = message('m0', 'business')
const first = message('m1', 'consumer')
const second = message('m2', 'consumer')
const optIn = message('m3', 'consumer', 'contact_changed')
const row = (messages: LeadMessage[], phone?: string) => ({
  userData: phone ? { phone } : {},
  events: messages.map(toStoredEvent),
})

describe('storedLeadEvents', () => {
  it('a new lead: stored, then each pending message, the first consumer message marked first', () => {
    const events = storedLeadEvents({
      job: job('NEW_EVENT'),
      before: null,
      stored: { userData: { phone: '+14155550100' } },
      messages: [biz, first, second],
      pending: [first, second],
      needsMetrics: true,
    })
    expect(events).toEqual([
      {
        type: 'lead.stored',
        clientId: 'acme',
        leadId: 'lead-1',
        needsMetrics: true,
        history: false,
        // A lead new to the hub gains nothing: its number came with it.
        gainedPhone: null,
        unannounced: [],
      },
      {
        type: 'lead.message',
        clientId: 'acme',
        leadId: 'lead-1',
        message: first,
        first: true,
        history: false,
      },
      {
        type: 'lead.message',
        clientId: 'acme',
        leadId: 'lead-1',
        message: second,
        first: false,
        history: false,
      },
    ])
  })

  it('a stored lead that gains a phone number says which; one that had one gains none', () => {
    const gained = storedLeadEvents({
      job: job('NEW_EVENT'),
      before: row([first]),
      stored: { userData: { phone: '+14155550123' } },
      messages: [first, optIn],
      pending: [],
      needsMetrics: false,
    })
    expect(gained).toMatchObject([{ type: 'lead.stored', gainedPhone: '+14155550123' }])
    const kept = storedLeadEvents({
      job: job('NEW_EVENT'),
      before: row([first], '+14155550100'),
      stored: { userData: { phone: '+14155550123' } },
      messages: [first],
      pending: [],
      needsMetrics: false,
    })
    expect(kept).toMatchObject([{ type: 'lead.stored', gainedPhone: null }])
  })

  it('a reconcile names the conversation messages the stored lead did not have; a webhook’s sync names none', () => {
    const sync = (reason: string) =>
      storedLeadEvents({
        job: job(reason),
        before: row([first]),
        stored: { userData: {} },
        messages: [first, second, optIn],
        pending: [second],
        needsMetrics: false,
      })[0]
    expect(sync('reconcile')).toMatchObject({ unannounced: ['m2'] })
    expect(sync('reconcile-stored')).toMatchObject({ unannounced: ['m2'] })
    expect(sync('NEW_EVENT')).toMatchObject({ unannounced: [] })
  })

  it('an import’s lead and messages are history', () => {
    const events = storedLeadEvents({
      job: job('import'),
      before: null,
      stored: { userData: {} },
      messages: [first],
      pending: [first],
      needsMetrics: true,
    })
    expect(events.map((event) => 'history' in event && event.history)).toEqual([true, true])
  })
})
