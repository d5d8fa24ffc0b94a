import { describe, expect, it } from 'vitest'
import { dateOrTimestampParam, dayParam, endOf, startOf } from './list-query.ts'

describe('date parameters (docs/spec/product.md §6.1)', () => {
  it.each([
    ['2026-03-10', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-3-1', false],
    ['2026-03-10T12:00:00Z', false],
  ])('day %s valid: %s', (value, valid) => {
    expect(dayParam.safeParse(value).success).toBe(valid)
  })

  it.each([
    ['2026-03-10', true],
    ['2026-03-10T12:00:00Z', true],
    ['2026-03-10T12:00:00.123+02:00', true],
    ['2026-03-10T12:00', false],
    ['tomorrow', false],
  ])('date or timestamp %s valid: %s', (value, valid) => {
    expect(dateOrTimestampParam.safeParse(value).success).toBe(valid)
  })

  it('a day runs from 00:00 UTC to the next 00:00 (exclusive), so a `to` day is included whole', () => {
    expect(startOf('2026-03-10').toISOString()).toBe('2026-03-10T00:00:00.000Z')
    expect(endOf('2026-03-10').toISOString()).toBe('2026-03-11T00:00:00.000Z')
    expect(endOf('2026-03-10T12:00:00Z').toISOString()).toBe('2026-03-10T12:00:00.001Z')
  })
})
