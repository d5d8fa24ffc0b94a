import type { LeadStatus } from '@common/leads.ts'
import { describe, expect, it } from 'vitest'
import { ECHO_WINDOW_MS, isEcho, leadStatusFromGhl, opportunityStateFor } from './pipeline-rules.ts'

const STAGES = { new: 'sNew', contacted: 'sContacted', converted: 'sWon', closed: 'sLost' }

describe('leadStatusFromGhl (docs/spec/product.md §9.4, §9.7 "Pipeline")', () => {
  it.each<[string, string, LeadStatus, LeadStatus | null]>([
    ['won', 'sWon', 'new', 'converted'],
    ['won', 'sQuoted', 'contacted', 'converted'],
    ['lost', 'sLost', 'contacted', 'closed'],
    ['abandoned', 'sNew', 'new', 'closed'],
    ['open', 'sContacted', 'new', 'contacted'],
    ['open', 'sNew', 'converted', 'new'],
    // A stage that maps to no status, or to the lead's own status: alone.
    ['open', 'sQuoted', 'new', null],
    ['open', 'sContacted', 'contacted', null],
    // Open on the won or lost stage takes that stage's status (a card dragged, its status left alone).
    ['open', 'sWon', 'contacted', 'converted'],
    ['open', 'sLost', 'new', 'closed'],
    ['open', 'sLost', 'closed', null],
    ['someFutureStatus', 'sWon', 'new', null],
  ])('status %s on stage %s, lead %s → %s', (ghlStatus, stageId, current, expected) => {
    expect(leadStatusFromGhl(ghlStatus, stageId, STAGES, current)).toBe(expected)
  })

  it('a stage mapped to two statuses takes the open one when the lead has neither', () => {
    const shared = { ...STAGES, contacted: 'sNew' }
    expect(leadStatusFromGhl('open', 'sNew', shared, 'closed')).toBe('new')
    expect(leadStatusFromGhl('open', 'sNew', shared, 'contacted')).toBeNull()
  })
})

describe('opportunityStateFor', () => {
  it.each<[LeadStatus, string, string]>([
    ['new', 'sNew', 'open'],
    ['contacted', 'sContacted', 'open'],
    ['converted', 'sWon', 'won'],
    ['closed', 'sLost', 'lost'],
  ])('%s → stage %s, %s', (status, stageId, ghlStatus) => {
    expect(opportunityStateFor(status, STAGES)).toEqual({ stageId, status: ghlStatus })
  })
})

describe('isEcho', () => {
  const now = Date.parse('2026-11-25T00:00:00Z')
  const at = (msAgo: number) => new Date(now - msAgo).toISOString()

  it('matches one of the hub’s recent moves, not an older one nor another state', () => {
    const writes = [
      { stageId: 'sContacted', status: 'open', at: at(ECHO_WINDOW_MS + 1) },
      { stageId: 'sWon', status: 'won', at: at(1000) },
    ]
    expect(isEcho(writes, 'sWon', 'won', now)).toBe(true)
    expect(isEcho(writes, 'sContacted', 'open', now)).toBe(false)
    expect(isEcho(writes, 'sWon', 'open', now)).toBe(false)
  })
})
