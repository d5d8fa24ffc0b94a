import { describe, expect, it } from 'vitest'
import { AiBreaker } from './ai-breaker.ts'

describe('AiBreaker', () => {
  let now = 0
  const breaker = () => new AiBreaker({ failures: 3, openMs: 60_000, clock: () => new Date(now) })

  it('opens after the failures in a row, not before, and a success in between starts over', () => {
    now = 0
    const b = breaker()
    b.failed()
    b.failed()
    b.succeeded()
    b.failed()
    b.failed()
    expect(b.tryAcquire()).toBe(true)
    b.failed()
    expect(b.isOpen()).toBe(true)
    expect(b.tryAcquire()).toBe(false)
  })

  it('lets one trial through after the cool-down; its failure opens it again, its success closes it', () => {
    now = 0
    const b = breaker()
    for (let i = 0; i < 3; i++) b.failed()
    now = 59_999
    expect(b.tryAcquire()).toBe(false)
    now = 60_000
    expect(b.isOpen()).toBe(false)
    expect(b.tryAcquire()).toBe(true)
    // The trial is out: nobody else calls the model meanwhile.
    expect(b.tryAcquire()).toBe(false)
    b.failed()
    expect(b.tryAcquire()).toBe(false)
    now = 120_000
    expect(b.tryAcquire()).toBe(true)
    b.succeeded()
    expect(b.isOpen()).toBe(false)
    expect(b.tryAcquire()).toBe(true)
  })
})
