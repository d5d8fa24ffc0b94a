import { describe, expect, it } from 'vitest'
import { formatCents, formatPercent, formatSeconds } from './figures-format.ts'

describe('formatCents', () => {
  it.each([
    [2350, 'USD', '$23.50'],
    [0, 'USD', '$0.00'],
    [123456, 'USD', '$1,234.56'],
    [null, 'USD', '—'],
    [500, null, '$5.00'],
  ] as const)('%s %s → %s', (cents, currency, text) => {
    expect(formatCents(cents, currency)).toBe(text)
  })
})

describe('formatSeconds', () => {
  it.each([
    [null, '—'],
    [0, '0 s'],
    [45, '45 s'],
    [180, '3 min'],
    [960, '16 min'],
    [3600, '1 h'],
    [3900, '1 h 5 min'],
    [86_400, '1 d'],
    [97_200, '1 d 3 h'],
  ] as const)('%s → %s', (seconds, text) => {
    expect(formatSeconds(seconds)).toBe(text)
  })
})

describe('formatPercent', () => {
  it.each([
    [null, '—'],
    [25, '25%'],
    [33.3, '33.3%'],
  ] as const)('%s → %s', (percent, text) => {
    expect(formatPercent(percent)).toBe(text)
  })
})
