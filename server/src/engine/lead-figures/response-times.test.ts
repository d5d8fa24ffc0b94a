import { describe, expect, it } from 'vitest'
import { RESPONSE_TIME_CASES } from '../../testing/response-time-cases.ts'
import { leadResponseTimes, responseSeconds } from './response-times.ts'

// docs/decisions/0014 "Response time": the response-time figure of one lead, from its Yelp
// events and the replies the hub delivered from GHL or its inbox.

describe('leadResponseTimes', () => {
  it.each(RESPONSE_TIME_CASES)('$name', ({ events, replies, first, reply, seconds }) => {
    const times = leadResponseTimes(events, replies)
    expect(times).toEqual({ firstConsumerMessageAt: first, firstBusinessReplyAt: reply })
    expect(responseSeconds(times)).toBe(seconds)
  })
})
