import { describe, expect, it } from 'vitest'
import { businessSecondsBetween, isWithinBusinessHours, nextBusinessMoment } from './business-hours.ts'
import { DEFAULT_PLAYBOOK } from './playbook.ts'

const LA = { timezone: 'America/Los_Angeles', businessHours: DEFAULT_PLAYBOOK.businessHours }

describe('business hours in the client timezone', () => {
  it.each([
    // Tuesday 2026-11-24 in Los Angeles (PST, UTC-8): open 08:00-18:00 = 16:00Z-02:00Z.
    ['2026-11-24T16:00:00Z', true, 'the opening minute'],
    ['2026-11-24T15:59:59Z', false, 'a second before it'],
    ['2026-11-25T01:59:59Z', true, 'the last second'],
    ['2026-11-25T02:00:00Z', false, 'closing time'],
    ['2026-11-28T18:00:00Z', false, 'Saturday (no hours)'],
    // DST starts Sunday 2026-03-08; Monday 2026-03-09 is PDT (UTC-7): 08:00 = 15:00Z.
    ['2026-03-09T15:00:00Z', true, 'the first Monday of summer time'],
    ['2026-03-09T15:30:00Z', true, 'inside it'],
    ['2026-03-06T15:30:00Z', false, 'the Friday before, still PST (07:30)'],
  ])('%s is %s (%s)', (at, open) => {
    expect(isWithinBusinessHours(new Date(at), LA)).toBe(open)
  })

  it('names the next opening across a weekend and a DST change', () => {
    // Friday 2026-03-06 19:00 PST -> Monday 2026-03-09 08:00 PDT.
    expect(nextBusinessMoment(new Date('2026-03-07T03:00:00Z'), LA)?.toISOString()).toBe(
      '2026-03-09T15:00:00.000Z',
    )
    // Open now: the moment itself.
    expect(nextBusinessMoment(new Date('2026-11-24T17:00:00Z'), LA)?.toISOString()).toBe(
      '2026-11-24T17:00:00.000Z',
    )
    // Early morning: today's opening.
    expect(nextBusinessMoment(new Date('2026-11-24T10:00:00Z'), LA)?.toISOString()).toBe(
      '2026-11-24T16:00:00.000Z',
    )
  })

  it('has no next opening without any hours', () => {
    expect(nextBusinessMoment(new Date(), { timezone: 'UTC', businessHours: {} })).toBeNull()
  })

  it('treats 00:00-24:00 as the whole day, including a 23-hour DST day', () => {
    const allDay = {
      timezone: 'America/Los_Angeles',
      businessHours: { sun: [['00:00', '24:00']] as Array<[string, string]> },
    }
    // Sunday 2026-03-08 lasts 23 hours in Los Angeles.
    expect(
      businessSecondsBetween(new Date('2026-03-08T00:00:00Z'), new Date('2026-03-10T00:00:00Z'), allDay),
    ).toBe(23 * 3600)
  })

  it('counts only business seconds between two moments', () => {
    // Tuesday 17:00 PST to Wednesday 09:00 PST: one hour on each day.
    expect(
      businessSecondsBetween(new Date('2026-11-25T01:00:00Z'), new Date('2026-11-25T17:00:00Z'), LA),
    ).toBe(7200)
    expect(
      businessSecondsBetween(new Date('2026-11-25T17:00:00Z'), new Date('2026-11-25T01:00:00Z'), LA),
    ).toBe(0)
  })
})
