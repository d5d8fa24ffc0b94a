import { describe, expect, it } from 'vitest'
import { BoundedSet } from './bounded-set.ts'

describe('BoundedSet', () => {
  it('forgets the member added or seen longest ago once past its capacity', () => {
    const set = new BoundedSet<string>(2)
    set.add('a')
    set.add('b')
    expect(set.has('a')).toBe(true) // 'a' is now the newest
    set.add('c')
    expect(set.has('b')).toBe(false)
    expect(set.has('a')).toBe(true)
    expect(set.has('c')).toBe(true)
    expect(set.size).toBe(2)
  })

  it('counts a member added twice once', () => {
    const set = new BoundedSet<string>(3)
    set.add('a')
    set.add('a')
    expect(set.size).toBe(1)
  })

  it('refuses a capacity that could hold nothing', () => {
    expect(() => new BoundedSet(0)).toThrow('capacity must be a positive integer')
  })
})
