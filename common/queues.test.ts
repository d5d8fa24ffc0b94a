import { describe, expect, it } from 'vitest'
import { QUEUE_LABELS, QUEUE_NAMES, queueLabel } from './queues.ts'

describe('queue labels', () => {
  it.each(QUEUE_NAMES.map((queue) => [queue]))('%s has a label of its own words', (queue) => {
    const label: unknown = (QUEUE_LABELS as Record<string, unknown>)[queue]
    expect(typeof label).toBe('string')
    expect(label).not.toBe('')
    expect(label).not.toBe(queue)
  })

  it('labels no queue the engine does not have', () => {
    expect(Object.keys(QUEUE_LABELS).sort()).toEqual([...QUEUE_NAMES].sort())
  })

  it.each([
    ['yelp-lead-sync', 'Lead sync'],
    // An import's or a reconcile's syncs, in their own queue.
    ['yelp-lead-sync-bulk', 'Lead sync'],
    ['ghl-reply', 'Reply to Yelp'],
    ['ghl-sync-contacts', 'Contact sync'],
    ['yelp-lead-import', 'Lead import'],
    ['yelp-reconcile', 'Reconcile'],
    ['yelp-lead-metrics', 'Lead cost'],
    ['some-future-queue', 'some-future-queue'],
  ])('queueLabel(%s) → %s', (queue, label) => {
    expect(queueLabel(queue)).toBe(label)
  })
})
