import { DEFAULT_PLAYBOOK, type Playbook } from '@common/playbook.ts'
import { describe, expect, it } from 'vitest'
import { firstReplyTemplate } from './lead-automation.ts'

// docs/spec/product.md §9.2: the in-hours or after-hours text by the consumer message's time in
// the client's timezone; an empty after-hours text means the in-hours one.

const playbook = (afterHours: string): Playbook => ({
  ...DEFAULT_PLAYBOOK,
  timezone: 'America/Los_Angeles',
  firstReply: { ...DEFAULT_PLAYBOOK.firstReply, enabled: true, inHours: 'IN', afterHours },
})

describe('firstReplyTemplate', () => {
  it.each([
    // Tuesday 2026-11-24, PST (UTC-8): 09:00 local is open, 07:00 and 19:00 are not.
    ['2026-11-24T17:00:00Z', 'IN', 'a Tuesday morning'],
    ['2026-11-24T15:00:00Z', 'AFTER', 'before opening'],
    ['2026-11-25T03:00:00Z', 'AFTER', 'the evening'],
    ['2026-11-28T20:00:00Z', 'AFTER', 'a Saturday (no hours)'],
    // Monday 2026-03-09, the day after the clocks moved (PDT, UTC-7): 07:30 local is 14:30Z
    // (closed), 08:30 local is 15:30Z (open). Under PST both would read an hour earlier.
    ['2026-03-09T14:30:00Z', 'AFTER', 'before opening on the first summer-time Monday'],
    ['2026-03-09T15:30:00Z', 'IN', 'just after opening on the first summer-time Monday'],
    // Monday 2026-11-02, the day after the clocks moved back (PST): 08:30 local is 16:30Z.
    ['2026-11-02T15:30:00Z', 'AFTER', '07:30 on the first winter-time Monday'],
    ['2026-11-02T16:30:00Z', 'IN', '08:30 on the first winter-time Monday'],
  ])('%s gets %s (%s)', (at, expected) => {
    expect(firstReplyTemplate(playbook('AFTER'), new Date(at))).toBe(expected)
  })

  it('uses the in-hours text after hours when the after-hours one is empty', () => {
    expect(firstReplyTemplate(playbook('  '), new Date('2026-11-25T03:00:00Z'))).toBe('IN')
  })
})
