import { DEFAULT_PLAYBOOK } from '@common/playbook.ts'
import { describe, expect, it } from 'vitest'
import { isQuietAt, slaMinutesElapsed } from './alert-clock.ts'

// Quiet hours are read in the channel's time zone and may wrap past midnight (docs/spec/product.md
// §9.3).

describe('isQuietAt', () => {
  const night = { start: '21:00', end: '07:00', timezone: 'America/New_York' }
  it.each([
    ['2026-01-15T02:30:00Z', true], // 21:30 in New York (EST, UTC-5)
    ['2026-01-15T11:59:00Z', true], // 06:59
    ['2026-01-15T12:00:00Z', false], // 07:00: the window has ended
    ['2026-01-15T17:00:00Z', false], // noon
    ['2026-07-15T01:30:00Z', true], // 21:30 in summer (EDT, UTC-4)
    ['2026-07-15T00:30:00Z', false], // 20:30 in summer
  ])('at %s: %s', (at, expected) => {
    expect(isQuietAt(night, new Date(at))).toBe(expected)
  })

  it('reads a same-day window, and none at all', () => {
    const lunch = { start: '12:00', end: '13:00', timezone: 'UTC' }
    expect(isQuietAt(lunch, new Date('2026-01-15T12:30:00Z'))).toBe(true)
    expect(isQuietAt(lunch, new Date('2026-01-15T13:30:00Z'))).toBe(false)
    expect(isQuietAt(null, new Date('2026-01-15T12:30:00Z'))).toBe(false)
  })
})

describe('slaMinutesElapsed', () => {
  it('counts whole minutes of the wait for a client without a playbook', () => {
    expect(slaMinutesElapsed(new Date('2026-01-15T10:00:00Z'), new Date('2026-01-15T10:05:59Z'))).toBe(5)
    expect(slaMinutesElapsed(new Date('2026-01-15T10:00:00Z'), new Date('2026-01-15T09:00:00Z'))).toBe(0)
  })

  it('counts only the open minutes of the playbook, in its timezone', () => {
    const hours = { timezone: 'America/Los_Angeles', businessHours: DEFAULT_PLAYBOOK.businessHours }
    // Tuesday 17:00 to Wednesday 09:00 in Los Angeles (PST): 60 + 60 open minutes.
    expect(slaMinutesElapsed(new Date('2026-11-25T01:00:00Z'), new Date('2026-11-25T17:00:00Z'), hours)).toBe(
      120,
    )
    // A Saturday night: nothing counts.
    expect(slaMinutesElapsed(new Date('2026-11-29T04:00:00Z'), new Date('2026-11-29T06:00:00Z'), hours)).toBe(
      0,
    )
  })
})
