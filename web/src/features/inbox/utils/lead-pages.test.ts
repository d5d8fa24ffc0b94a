import type { Lead } from '@common/leads.ts'
import { describe, expect, it } from 'vitest'
import { type LeadPages, leadMatches, placeLead, waitingOrder } from './lead-pages.ts'

function lead(n: number, minutesAgo: number, patch: Partial<Lead> = {}): Lead {
  return {
    id: n,
    leadId: `lead-${n}`,
    clientId: 'client-a',
    clientName: 'A',
    businessId: null,
    status: 'new',
    userDisplayName: `Lead ${n}`,
    conversationId: null,
    temporaryEmailAddress: `tmp${n}@messaging.yelp.com`,
    timeCreated: '2026-11-01T00:00:00.000Z',
    lastEventTime: new Date(Date.parse('2026-11-23T12:00:00.000Z') - minutesAgo * 60_000).toISOString(),
    lastMessage: 'inbound',
    userData: {},
    projectData: { job_names: ['Roof repair'], availability_status: 'ASAP' },
    events: [],
    readReceipt: { state: 'none', readEventId: null, readAt: null },
    figures: {
      costPerLeadCents: null,
      costCurrency: null,
      metricsFetched: false,
      firstConsumerMessageAt: null,
      firstBusinessReplyAt: null,
      responseSeconds: null,
    },
    waitingSince: null,
    opportunityId: null,
    statusChangedInGhlAt: null,
    ...patch,
  }
}

/** Two loaded pages of two: leads 1…4, newest first; `more` when a further page exists. */
function pages(more: boolean): LeadPages {
  return {
    pages: [
      { leads: [lead(1, 1), lead(2, 2)], total: 9, nextCursor: 'c1' },
      { leads: [lead(3, 3), lead(4, 4)], total: 9, nextCursor: more ? 'c2' : null },
    ],
    pageParams: ['', 'c1'],
  }
}

const ids = (data: LeadPages) => data.pages.map((page) => page.leads.map((l) => l.leadId))

describe('placing one changed lead in the loaded pages', () => {
  it('moves a lead with a new message to the top, out of its old page', () => {
    const placed = placeLead(pages(true), 'lead-4', lead(4, 0))
    expect(ids(placed.data)).toEqual([['lead-4', 'lead-1', 'lead-2'], ['lead-3']])
    expect(placed).toMatchObject({ wasPresent: true, isPresent: true })
  })

  it('updates a lead in place when its order does not change, and keeps the other pages as they were', () => {
    const before = pages(true)
    const placed = placeLead(before, 'lead-3', lead(3, 3, { status: 'contacted' }))
    expect(ids(placed.data)).toEqual(ids(before))
    expect(placed.data.pages[1]?.leads[0]?.status).toBe('contacted')
    expect(placed.data.pages[0]).toBe(before.pages[0])
  })

  it('leaves a lead older than the loaded range to the page that will bring it, unless all are loaded', () => {
    expect(ids(placeLead(pages(true), 'lead-9', lead(9, 60)).data)).toEqual(ids(pages(true)))
    expect(ids(placeLead(pages(false), 'lead-9', lead(9, 60)).data)[1]).toEqual([
      'lead-3',
      'lead-4',
      'lead-9',
    ])
  })

  it('takes out a lead that no longer belongs', () => {
    const placed = placeLead(pages(true), 'lead-2', null)
    expect(ids(placed.data)[0]).toEqual(['lead-1'])
    expect(placed).toMatchObject({ wasPresent: true, isPresent: false })
  })

  it('orders equal activity times by id, as the server does', () => {
    const placed = placeLead(pages(true), 'lead-7', lead(7, 2))
    expect(ids(placed.data)[0]).toEqual(['lead-1', 'lead-7', 'lead-2'])
  })
})

describe('a changed lead against a list’s filters', () => {
  it.each([
    [{}, true],
    [{ clientId: 'client-b' }, false],
    [{ status: 'contacted,new' }, true],
    [{ status: 'closed' }, false],
    [{ availability: 'ASAP' }, true],
    [{ jobType: 'Gutter cleaning' }, false],
    [{ hasPhone: 'true' }, false],
    [{ hasPhone: 'true', hasEmail: 'true' }, false],
    [{ lastMessage: 'outbound' }, false],
    [{ activityFrom: '2026-11-23' }, true],
    [{ activityTo: '2026-11-22' }, false],
    [{ createdFrom: '2026-11-02' }, false],
    [{ q: 'roof' }, 'unknown'],
  ] as const)('%j → %s', (params, expected) => {
    expect(leadMatches(lead(1, 1), params)).toBe(expected)
  })

  it('counts an email only when it is not the temporary relay address', () => {
    const relay = lead(1, 1, { userData: { email: 'tmp1@messaging.yelp.com' } })
    expect(leadMatches(relay, { hasEmail: 'true' })).toBe(false)
    const real = lead(1, 1, { userData: { email: 'me@example.com' } })
    expect(leadMatches(real, { hasEmail: 'true' })).toBe(true)
    expect(leadMatches(real, { hasPhone: 'true', hasEmail: 'true' })).toBe(true)
  })
})

describe('Needs reply and sort=waiting (docs/spec/product.md §9.1, §9.7)', () => {
  const waiting = (n: number, minutes: number) =>
    lead(n, 0, {
      waitingSince: new Date(Date.parse('2026-11-23T12:00:00.000Z') - minutes * 60_000).toISOString(),
    })

  it('a lead matches needsReply only while it waits', () => {
    expect(leadMatches(waiting(1, 5), { needsReply: 'true' })).toBe(true)
    expect(leadMatches(lead(2, 5), { needsReply: 'true' })).toBe(false)
  })

  it('places a lead longest waiting first, ties by the lower id, leads not waiting last', () => {
    const data: LeadPages = {
      pages: [{ leads: [waiting(1, 60), waiting(3, 10), lead(4, 0)], total: 3, nextCursor: null }],
      pageParams: [''],
    }
    const placed = placeLead(data, 'lead-2', waiting(2, 30), waitingOrder)
    expect(placed.data.pages[0]?.leads.map((l) => l.id)).toEqual([1, 2, 3, 4])
    const tie = placeLead(data, 'lead-0', waiting(0, 60), waitingOrder)
    expect(tie.data.pages[0]?.leads.map((l) => l.id)).toEqual([0, 1, 3, 4])
    // Answered: it leaves the waiting ones and goes after them.
    const answered = placeLead(data, 'lead-1', lead(1, 0), waitingOrder)
    expect(answered.data.pages[0]?.leads.map((l) => l.id)).toEqual([3, 1, 4])
  })
})
