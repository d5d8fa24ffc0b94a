import { describe, expect, it } from 'vitest'
import { isAffected } from './affected-queries.ts'

describe('isAffected', () => {
  const leadChange = { topic: 'leads', clientId: 'acme', leadId: 'L1' } as const
  it.each([
    [['/api/leads', { limit: '200' }], leadChange, true],
    [['/api/leads', { clientId: 'acme', limit: '200' }], leadChange, true],
    [['/api/leads', { clientId: 'bravo', limit: '200' }], leadChange, false],
    [['/api/leads', 'L1'], leadChange, true],
    [['/api/leads', 'L2'], leadChange, false],
    [['/api/leads/facets', { clientId: undefined }], leadChange, true],
    [['/api/clients'], leadChange, false],
    [['/api/clients'], { topic: 'clients', clientId: 'acme' }, true],
    [['/api/leads', 'L1'], { topic: 'messages', clientId: 'acme', leadId: 'L1' }, true],
    [['/api/leads', { limit: '200' }], { topic: 'messages', clientId: 'acme', leadId: 'L1' }, false],
    [['/api/auth/me'], { topic: 'jobs' }, false],
    [['/api/jobs', { state: 'failed', limit: 50 }], { topic: 'jobs', clientId: 'acme' }, true],
    // The logs screens and the dashboard: lists by their filters, the total and options.
    [['/api/all-request-logs', { q: 'yelp' }], { topic: 'logs' }, true],
    [['/api/all-request-logs', { total: true }], { topic: 'logs', clientId: 'acme' }, true],
    [['/api/all-request-logs/endpoints'], { topic: 'logs', clientId: 'acme' }, true],
    [['/api/messages', { clientId: 'bravo' }], { topic: 'messages', clientId: 'acme' }, false],
    [['/api/messages', { clientId: 'acme' }], { topic: 'messages', clientId: 'acme' }, true],
    [['/api/stats'], { topic: 'logs' }, true],
    // A lead answered by phone or closed: leadsAwaitingReply (docs/spec/product.md §9.1) changes.
    [['/api/stats'], { topic: 'leads', clientId: 'acme', leadId: 'L1' }, true],
    [['/api/stats/activity'], { topic: 'messages', clientId: 'acme' }, true],
    // A first reply stored or a lead answered: the dashboard's 30-day chart and median follow.
    [['/api/stats/first-replies'], { topic: 'leads', clientId: 'acme', leadId: 'L1' }, true],
    [['/api/stats/first-replies'], { topic: 'messages', clientId: 'acme' }, true],
    [['/api/stats/first-replies'], { topic: 'logs' }, false],
  ] as const)('%j × %j → %s', (key, change, expected) => {
    expect(isAffected(key, change)).toBe(expected)
  })
})
