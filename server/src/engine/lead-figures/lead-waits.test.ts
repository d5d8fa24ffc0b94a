import type { MessageAuthor } from '@common/lead-model.ts'
import { describe, expect, it } from 'vitest'
import { leadConversationTimes } from './lead-waits.ts'

const message = (author: MessageAuthor, time: string, kind: 'message' | 'contact_changed' = 'message') => ({
  kind,
  author,
  time,
})

describe('leadConversationTimes (docs/spec/product.md §9.1)', () => {
  it('opens a wait at each consumer message after a business one, answered by the next', () => {
    const times = leadConversationTimes([
      message('consumer', '2026-11-27T10:00:00+00:00'),
      message('business', '2026-11-27T10:05:00+00:00'),
      message('consumer', '2026-11-27T11:00:00+00:00'),
    ])
    expect(times.waits).toEqual([
      { startedAt: new Date('2026-11-27T10:00:00Z'), answeredAt: new Date('2026-11-27T10:05:00Z') },
      { startedAt: new Date('2026-11-27T11:00:00Z'), answeredAt: null },
    ])
    expect(times.waitingSince).toEqual(new Date('2026-11-27T11:00:00Z'))
  })

  it('is answered by a message the hub wrote; a contact change neither opens nor answers a wait', () => {
    const times = leadConversationTimes([
      message('consumer', '2026-11-27T10:00:00+00:00', 'contact_changed'),
      message('consumer', '2026-11-27T10:01:00+00:00'),
      message('business', '2026-11-27T10:02:00+00:00', 'contact_changed'),
      message('hub', '2026-11-27T10:03:00+00:00'),
    ])
    expect(times.waits).toEqual([
      { startedAt: new Date('2026-11-27T10:01:00Z'), answeredAt: new Date('2026-11-27T10:03:00Z') },
    ])
    expect(times.lastBusinessMessageAt).toEqual(new Date('2026-11-27T10:03:00Z'))
    expect(times.waitingSince).toBeNull()
  })

  // Yelp's whole-second times: the lead's message, the hub's instant reply and the consumer's
  // answer can share one second. Two waits with one start broke the lead's sync for good (the
  // batch upsert of lead_waits cannot touch one row twice).
  it('keeps one wait per start when the consumer writes again in the second the business answered', () => {
    const times = leadConversationTimes([
      message('consumer', '2026-11-27T10:00:07+00:00'),
      message('business', '2026-11-27T10:00:07+00:00'),
      message('consumer', '2026-11-27T10:00:07+00:00'),
    ])
    expect(times.waits).toEqual([{ startedAt: new Date('2026-11-27T10:00:07Z'), answeredAt: null }])
    expect(times.waitingSince).toEqual(new Date('2026-11-27T10:00:07Z'))
    expect(times.lastBusinessMessageAt).toEqual(new Date('2026-11-27T10:00:07Z'))
  })
})
