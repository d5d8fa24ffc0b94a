import { describe, expect, it } from 'vitest'
import { EMPTY_FILTERS, emptyListText, hasActiveFilters, toLeadsParams } from './inbox-filters.ts'

describe('inbox filters', () => {
  it('sends only what is set, as §6.1 names it', () => {
    expect(toLeadsParams(EMPTY_FILTERS)).toEqual({})
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false)
    const filters = {
      ...EMPTY_FILTERS,
      q: '  roof ',
      status: 'contacted',
      hasPhone: true,
      hasEmail: true,
      lastMessage: 'outbound',
      activityTo: '2026-03-01',
    }
    expect(toLeadsParams(filters, 'acme')).toEqual({
      clientId: 'acme',
      q: 'roof',
      status: 'contacted',
      hasPhone: 'true',
      hasEmail: 'true',
      lastMessage: 'outbound',
      activityTo: '2026-03-01',
    })
    expect(hasActiveFilters(filters)).toBe(true)
  })

  it.each([
    [false, false, 'No leads found'],
    [true, false, 'No leads found for this client'],
    [false, true, 'No leads found matching your filters'],
    [true, true, 'No leads found for this client matching your filters'],
  ])('client %s, filtered %s → %s', (hasClient, isFiltered, text) => {
    expect(emptyListText(hasClient, isFiltered)).toBe(text)
  })
})
