import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IdleWorkers, WAKE_WINDOW_MS, WAKES_PER_WINDOW, type WorkerSlot } from './idle-workers.ts'

// Waking a queue's workers in a burst of new jobs: a few at once, the rest window by window, so a
// burst after a quiet spell does not start every worker beside the webhooks being acknowledged.

let notified: string[]
let workers: IdleWorkers
// Every slot made, by id: a woken worker fetches a job and is busy with it (when `takesJobs`).
let all: Map<string, WorkerSlot>
let takesJobs: boolean

function slots(count: number, prefix = 'w'): WorkerSlot[] {
  const made = Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, busy: false }))
  for (const slot of made) all.set(slot.id, slot)
  return made
}

beforeEach(() => {
  vi.useFakeTimers()
  notified = []
  all = new Map()
  takesJobs = true
  workers = new IdleWorkers({
    notifyWorker: (id: string) => {
      notified.push(id)
      const slot = all.get(id)
      if (slot && takesJobs) slot.busy = true
    },
  })
})
afterEach(() => {
  vi.useRealTimers()
})

describe('IdleWorkers', () => {
  it('wakes one worker per new job while the window has room', () => {
    takesJobs = false
    workers.register('q', slots(16))
    workers.wake('q')
    workers.wake('q', 2)
    expect(notified).toEqual(['w0', 'w0', 'w1'])
  })

  it('wakes a burst window by window until every worker is at work', () => {
    workers.register('q', slots(16))
    workers.wake('q', 50)
    expect(notified).toHaveLength(WAKES_PER_WINDOW)
    vi.advanceTimersByTime(WAKE_WINDOW_MS + 1)
    expect(notified).toHaveLength(2 * WAKES_PER_WINDOW)
    // Sixteen workers, four a window: all at work by the fourth window (400 ms).
    vi.advanceTimersByTime(2 * WAKE_WINDOW_MS + 2)
    expect(new Set(notified).size).toBe(16)
    // Each woken once: the jobs past the sixteen go to the workers as they finish theirs.
    expect(notified).toHaveLength(16)
    const settled = notified.length
    vi.advanceTimersByTime(10 * WAKE_WINDOW_MS)
    expect(notified).toHaveLength(settled)
  })

  it('never wakes a busy worker, and owes nothing past the workers there are', () => {
    const two = slots(2)
    const busy = { id: 'busy', busy: true }
    all.set(busy.id, busy)
    two[0] = busy
    workers.register('q', two)
    workers.wake('q', 10)
    expect(notified).toEqual(['w1'])
    vi.advanceTimersByTime(10 * WAKE_WINDOW_MS)
    expect(notified).toEqual(['w1'])
  })

  it('keeps each queue to its own window', () => {
    workers.register('a', slots(8))
    workers.register('b', slots(1, 'b'))
    workers.wake('a', 8)
    workers.wake('b')
    expect(notified).toContain('b0')
  })
})
