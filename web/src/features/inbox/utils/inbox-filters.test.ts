import { describe, expect, it } from 'vitest'
import {
  EMPTY_FILTERS,
  emptyListText,
  hasActiveFilters,
  inboxSearchWith,
  needsReplyOf,
  toLeadsParams,
} from './inbox-filters.ts'

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

describe('Needs reply (docs/spec/product.md §9.1)', () => {
  it('asks for the waiting leads, longest waiting first', () => {
    expect(toLeadsParams(EMPTY_FILTERS, 'acme', true)).toEqual({
      clientId: 'acme',
      needsReply: 'true',
      sort: 'waiting',
    })
  })

  it('lives in the address the dashboard links to', () => {
    expect(needsReplyOf('?needsReply=true')).toBe(true)
    expect(needsReplyOf('needsReply=true&x=1')).toBe(true)
    expect(needsReplyOf('')).toBe(false)
    expect(inboxSearchWith('', true)).toBe('?needsReply=true')
    expect(inboxSearchWith('needsReply=true&x=1', false)).toBe('?x=1')
    expect(inboxSearchWith('needsReply=true', false)).toBe('')
  })

  it('says nobody is waiting when the list is empty', () => {
    expect(emptyListText(false, false, true)).toBe('No leads waiting for a reply')
    expect(emptyListText(true, true, true)).toBe('No leads found for this client matching your filters')
  })
})
