import { describe, expect, it } from 'vitest'
import { Turns } from './pglite-turns.ts'
import { urgently } from './urgency.ts'

const tick = () => new Promise((resolve) => setTimeout(resolve, 1))

describe('Turns', () => {
  it('runs one piece of work at a time, in order of arrival', async () => {
    const turns = new Turns()
    const log: string[] = []
    let running = 0
    const work = (name: string) =>
      turns.run(async () => {
        running += 1
        expect(running).toBe(1)
        log.push(`start ${name}`)
        await tick()
        log.push(`end ${name}`)
        running -= 1
        return name
      })
    expect(await Promise.all([work('a'), work('b'), work('c')])).toEqual(['a', 'b', 'c'])
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c'])
  })

  it('lets timers and I/O run between two turns', async () => {
    const turns = new Turns()
    const log: string[] = []
    // Work that never leaves the microtask queue, as PGlite's synchronous statements do.
    const syncWork = (name: string) => turns.run(async () => void log.push(name))
    const first = syncWork('first')
    const second = syncWork('second')
    setImmediate(() => log.push('io'))
    await Promise.all([first, second])
    expect(log).toEqual(['first', 'io', 'second'])
  })

  it('gives the next turn to urgent work before background work that waited longer', async () => {
    const turns = new Turns()
    const log: string[] = []
    const work = (name: string) => turns.run(async () => void log.push(name))
    const holder = turns.run(async () => {
      await tick()
      log.push('holder')
    })
    const background = [work('background 1'), work('background 2')]
    const urgent = urgently(() => work('urgent'))
    await Promise.all([holder, ...background, urgent])
    expect(log).toEqual(['holder', 'urgent', 'background 1', 'background 2'])
  })

  it('passes the turn on when work fails', async () => {
    const turns = new Turns()
    await expect(turns.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await turns.run(async () => 'next')).toBe('next')
  })
})
