import { messageOfStoredEvent } from '@common/lead-model.ts'
import { describe, expect, it } from 'vitest'
import { RESPONSE_TIME_CASES } from '../../testing/response-time-cases.ts'
import { leadResponseTimes, responseSeconds } from './response-times.ts'

// docs/decisions/0014 "Response time": the response-time figure of one lead, from its stored
// events (read back as the hub's messages, as the sync reads them) and the replies the hub
// delivered from GHL or its inbox.
describe('leadResponseTimes', () => {
  it.each(RESPONSE_TIME_CASES)('$name', ({ events, replies, first, reply, seconds }) => {
    const messages = events.map((event, index) => messageOfStoredEvent({ id: `e${index}`, ...event }))
    const times = leadResponseTimes(messages, replies)
    expect(times).toEqual({ firstConsumerMessageAt: first, firstBusinessReplyAt: reply })
    expect(responseSeconds(times)).toBe(seconds)
  })

  it('counts a message the hub wrote as the business’s reply', () => {
    const times = leadResponseTimes([
      { kind: 'message', author: 'consumer', time: '2026-06-30T12:00:00Z' },
      { kind: 'message', author: 'hub', time: '2026-06-30T12:02:00Z' },
    ])
    expect(responseSeconds(times)).toBe(120)
  })
})
