import { describe, expect, it } from 'vitest'
import { runAsBulk, runWithCallPriority } from './call-priority.ts'
import { RateLimiter } from './rate-limiter.ts'

/** Milliseconds since `started` at which each of `count` acquisitions resolved. */
async function timesOf(acquisitions: Array<Promise<unknown>>, started: number): Promise<number[]> {
  const times: number[] = []
  await Promise.all(acquisitions.map((p) => p.then(() => times.push(Date.now() - started))))
  return times.sort((a, b) => a - b)
}

describe('RateLimiter', () => {
  it('waits for a free slot instead of refusing: 3 per 100 ms spreads 7 calls over three windows', async () => {
    const limiter = new RateLimiter()
    const started = Date.now()
    const times = await timesOf(
      Array.from({ length: 7 }, () => limiter.acquire('k', 3, 100)),
      started,
    )
    // Lower bounds only: a loaded machine may be late, never early.
    expect(times.slice(3).every((t) => t >= 100)).toBe(true)
    expect(times[6]).toBeGreaterThanOrEqual(200)
    expect(times[2]).toBeLessThan(times[3] ?? 0)
  })

  it('with a spacing, starts calls that apart instead of all at once when the window allows', async () => {
    const limiter = new RateLimiter()
    const started = Date.now()
    const times = await timesOf(
      Array.from({ length: 4 }, () => limiter.acquire('k', 10, 1_000, 40)),
      started,
    )
    // Lower bounds only: a loaded machine may be late, never early.
    for (let i = 1; i < times.length; i++)
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(38)
  })

  it('keeps keys apart', async () => {
    const limiter = new RateLimiter()
    await limiter.acquire('a', 1, 1_000)
    const started = Date.now()
    await limiter.acquire('b', 1, 1_000)
    expect(Date.now() - started).toBeLessThan(50)
  })

  it('holds a paused key back until the pause ends', async () => {
    const limiter = new RateLimiter()
    limiter.pause('k', 120)
    const started = Date.now()
    await limiter.acquire('k', 100, 1_000)
    expect(Date.now() - started).toBeGreaterThanOrEqual(115)
  })

  it('counts a held slot until it is released, then for the window after', async () => {
    const limiter = new RateLimiter()
    const release = await limiter.acquireSlot('k', 1, 50)
    const started = Date.now()
    const next = limiter.acquire('k', 1, 50)
    setTimeout(release, 100)
    await next
    // 100 ms in flight + the 50 ms window after it ended.
    expect(Date.now() - started).toBeGreaterThanOrEqual(145)
  })

  it('serves waiting live calls before waiting bulk ones (issue 10 item 6), each kind in arrival order', async () => {
    const limiter = new RateLimiter()
    const order: string[] = []
    const take = (name: string) => limiter.acquire('k', 1, 30).then(() => order.push(name))
    await limiter.acquire('k', 1, 30)
    // The window is full: these wait. Bulk ones arrive first.
    const waits = [
      runAsBulk(() => take('bulk-1')),
      runAsBulk(() => take('bulk-2')),
      take('live-1'),
      take('live-2'),
    ]
    await Promise.all(waits)
    expect(order).toEqual(['live-1', 'live-2', 'bulk-1', 'bulk-2'])
  })

  it('serves waiting urgent calls (a reply, a first reply) before live and bulk ones', async () => {
    const limiter = new RateLimiter()
    const order: string[] = []
    const take = (name: string) => limiter.acquire('k', 1, 30).then(() => order.push(name))
    await limiter.acquire('k', 1, 30)
    // The window is full: a burst's syncs wait first, then a first reply's read arrives.
    const waits = [
      runAsBulk(() => take('bulk-1')),
      take('live-1'),
      take('live-2'),
      runWithCallPriority('urgent', () => take('urgent-1')),
      take('live-3'),
      runWithCallPriority('urgent', () => take('urgent-2')),
    ]
    await Promise.all(waits)
    expect(order).toEqual(['urgent-1', 'urgent-2', 'live-1', 'live-2', 'live-3', 'bulk-1'])
  })

  it('lets a live call take a free slot of the window without waiting out the spacing bulk calls keep', async () => {
    const limiter = new RateLimiter()
    await runAsBulk(() => limiter.acquire('k', 5, 1000, 200))
    const started = Date.now()
    const bulk = runAsBulk(() => limiter.acquire('k', 5, 1000, 200)).then(() => Date.now() - started)
    const live = limiter.acquire('k', 5, 1000, 200).then(() => Date.now() - started)
    expect(await live).toBeLessThan(100)
    expect(await bulk).toBeGreaterThanOrEqual(150)
  })
})
