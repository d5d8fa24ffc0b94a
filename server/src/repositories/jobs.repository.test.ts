import { describe, expect, it } from 'vitest'
import { iso } from './jobs.repository.ts'

describe('iso', () => {
  it.each([
    [new Date('2026-11-21T21:35:33.123Z'), '2026-11-21T21:35:33.123Z'],
    ['2026-11-21 21:35:33.123+00', '2026-11-21T21:35:33.123Z'],
    ['2026-11-21 22:35:33.123+01', '2026-11-21T21:35:33.123Z'],
    ['2026-11-21 21:35:33.123+00:00', '2026-11-21T21:35:33.123Z'],
    ['2026-11-21 21:35:33.123', '2026-11-21T21:35:33.123Z'],
    [null, null],
    ['not a date', null],
  ])('%s → %s', (input, expected) => {
    expect(iso(input)).toBe(expected)
  })
})
