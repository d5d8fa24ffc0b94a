import type { BusinessReply } from '../engine/lead-figures/response-times.ts'

// The response-time cases of docs/decisions/0014 "Response time" (consumer first, business
// first, no reply yet, replies from each channel), shared by the pure function's test and the migration backfill's, which must agree.

export const T0 = Date.parse('2026-06-30T12:00:00Z')
export const at = (minutes: number) => new Date(T0 + minutes * 60_000)
const event = (user: 'CONSUMER' | 'BIZ', minutes: number, type = 'TEXT') => ({
  event_type: type,
  user_type: user,
  time_created: at(minutes).toISOString(),
})

export interface ResponseTimeCase {
  name: string
  events: ReturnType<typeof event>[]
  replies?: BusinessReply[]
  first: Date | null
  reply: Date | null
  seconds: number | null
}

export const RESPONSE_TIME_CASES: ResponseTimeCase[] = [
  {
    name: 'consumer first, answered on Yelp',
    events: [event('CONSUMER', 0, 'RAQ_SUBMIT'), event('CONSUMER', 1), event('BIZ', 3), event('BIZ', 9)],
    first: at(0),
    reply: at(3),
    seconds: 180,
  },
  {
    name: 'business first: its outreach answers nothing, the reply after the consumer does',
    events: [event('BIZ', 0), event('CONSUMER', 10), event('BIZ', 70)],
    first: at(10),
    reply: at(70),
    seconds: 3600,
  },
  {
    name: 'business first and the consumer never wrote',
    events: [event('BIZ', 0)],
    first: null,
    reply: null,
    seconds: null,
  },
  {
    name: 'no reply yet',
    events: [event('CONSUMER', 0, 'RAQ_SUBMIT'), event('CONSUMER', 2)],
    first: at(0),
    reply: null,
    seconds: null,
  },
  {
    name: 'a phone opt-in is not the first message',
    events: [
      event('CONSUMER', 0, 'CONSUMER_PHONE_NUMBER_OPT_IN_EVENT'),
      event('CONSUMER', 5),
      event('BIZ', 6),
    ],
    first: at(5),
    reply: at(6),
    seconds: 60,
  },
  {
    name: 'answered from GHL: written before its Yelp echo arrived',
    events: [event('CONSUMER', 0), event('BIZ', 30)],
    replies: [{ channel: 'ghl', at: at(4) }],
    first: at(0),
    reply: at(4),
    seconds: 240,
  },
  {
    name: 'answered from GHL, its echo not read yet',
    events: [event('CONSUMER', 0)],
    replies: [{ channel: 'ghl', at: at(50) }],
    first: at(0),
    reply: at(50),
    seconds: 3000,
  },
  {
    name: 'answered from the inbox, before a later Yelp reply',
    events: [event('CONSUMER', 0), event('BIZ', 20)],
    replies: [{ channel: 'inbox', at: at(2) }],
    first: at(0),
    reply: at(2),
    seconds: 120,
  },
  {
    name: 'answered on Yelp before the inbox reply',
    events: [event('CONSUMER', 0), event('BIZ', 1)],
    replies: [{ channel: 'inbox', at: at(2) }],
    first: at(0),
    reply: at(1),
    seconds: 60,
  },
  {
    name: 'a channel reply before the first consumer message is not a reply',
    events: [event('CONSUMER', 10)],
    replies: [{ channel: 'ghl', at: at(5) }],
    first: at(10),
    reply: null,
    seconds: null,
  },
  { name: 'no events at all', events: [], first: null, reply: null, seconds: null },
]
