import { describe, expect, it } from 'vitest'
import { GroupCommit } from './group-commit.ts'

/** A writer that records its batches and takes `ms` per write; items equal to 'bad' fail. */
function recordingWriter(ms = 5, maxInFlight = 1, maxBatch = 100) {
  const batches: string[][] = []
  let running = 0
  let mostRunning = 0
  const write = async (items: string[]) => {
    running += 1
    mostRunning = Math.max(mostRunning, running)
    await new Promise((resolve) => setTimeout(resolve, ms))
    running -= 1
    if (items.includes('bad')) throw new Error('bad item')
    batches.push(items)
    return items.map((item) => item.toUpperCase())
  }
  const group = new GroupCommit<string, string>({
    writeBatch: write,
    writeOne: async (item) => (await write([item]))[0] as string,
    maxBatch,
    maxInFlight,
  })
  return { group, batches, mostRunning: () => mostRunning }
}

describe('GroupCommit', () => {
  it('writes items submitted together in one batch and answers each with its own result', async () => {
    const { group, batches } = recordingWriter()
    const results = await Promise.all(['a', 'b', 'c'].map((item) => group.submit(item)))
    expect(results).toEqual(['A', 'B', 'C'])
    expect(batches).toEqual([['a', 'b', 'c']])
  })

  it('collects what arrives during a write into the next batch', async () => {
    const { group, batches } = recordingWriter(20)
    const first = group.submit('a')
    await new Promise((resolve) => setTimeout(resolve, 5))
    const later = ['b', 'c', 'd'].map((item) => group.submit(item))
    expect(await Promise.all([first, ...later])).toEqual(['A', 'B', 'C', 'D'])
    expect(batches).toEqual([['a'], ['b', 'c', 'd']])
  })

  it('keeps to the batch size and the number of writes in flight', async () => {
    const { group, batches, mostRunning } = recordingWriter(5, 2, 3)
    const items = Array.from({ length: 10 }, (_, i) => `i${i}`)
    expect(await Promise.all(items.map((item) => group.submit(item)))).toEqual(
      items.map((item) => item.toUpperCase()),
    )
    expect(batches.map((batch) => batch.length)).toEqual([3, 3, 3, 1])
    expect(mostRunning()).toBe(2)
  })

  it('fails only the bad item of a batch; the others are written alone and succeed', async () => {
    const { group, batches } = recordingWriter()
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((item) => group.submit(item)))
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('bad item'))
    expect(batches).toEqual([['a'], ['c']])
  })

  it('goes on writing after a failure', async () => {
    const { group } = recordingWriter()
    await expect(group.submit('bad')).rejects.toThrow('bad item')
    expect(await group.submit('next')).toBe('NEXT')
  })
})
