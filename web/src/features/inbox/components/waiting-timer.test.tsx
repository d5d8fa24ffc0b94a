// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { WaitingTimer } from '@/features/inbox/components/waiting-timer.tsx'
import { formatWaiting } from '@/features/inbox/utils/waiting-time.ts'

const NOW = Date.parse('2026-03-10T15:00:00Z')
const ago = (ms: number) => new Date(NOW - ms).toISOString()
const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

describe('formatWaiting (docs/spec/product.md §9.1 "waiting 12 min")', () => {
  it.each([
    [0, 'waiting <1 min'],
    [59_000, 'waiting <1 min'],
    [MIN, 'waiting 1 min'],
    [12 * MIN + 40_000, 'waiting 12 min'],
    [59 * MIN + 59_000, 'waiting 59 min'],
    [HOUR, 'waiting 1 h'],
    [2 * HOUR + 5 * MIN, 'waiting 2 h 5 min'],
    [23 * HOUR + 59 * MIN, 'waiting 23 h 59 min'],
    [DAY, 'waiting 1 d'],
    [3 * DAY + 4 * HOUR + 30 * MIN, 'waiting 3 d 4 h'],
    // A clock a little behind the server's: never a negative wait.
    [-30_000, 'waiting <1 min'],
  ])('%s ms reads %s', (elapsed, text) => {
    expect(formatWaiting(ago(elapsed), NOW)).toBe(text)
  })
})

describe('WaitingTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(NOW)
  })
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  it('ticks on its own clock, with no request', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    render(<WaitingTimer since={ago(12 * MIN)} />)
    expect(screen.getByTestId('waiting-timer')).toHaveTextContent('waiting 12 min')
    act(() => vi.advanceTimersByTime(60_000))
    expect(screen.getByTestId('waiting-timer')).toHaveTextContent('waiting 13 min')
    act(() => vi.advanceTimersByTime(48 * MIN))
    expect(screen.getByTestId('waiting-timer')).toHaveTextContent('waiting 1 h 1 min')
    expect(fetchSpy).not.toHaveBeenCalled()
    fetchSpy.mockRestore()
  })
})
