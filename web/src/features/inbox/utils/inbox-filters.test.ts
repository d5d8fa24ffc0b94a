import { describe, expect, it } from 'vitest'
import {
  EMPTY_FILTERS,
  emptyListText,
  hasActiveFilters,
  inboxSearchWith,
  inboxViewOf,
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

describe('Needs reply (docs/spec/product.md §9.1) and Draft ready', () => {
  it('asks for the waiting leads, longest waiting first', () => {
    expect(toLeadsParams(EMPTY_FILTERS, 'acme', { needsReply: true })).toEqual({
      clientId: 'acme',
      needsReply: 'true',
      sort: 'waiting',
    })
  })

  it('asks for the leads with a draft, longest waiting first, alone or with Needs reply', () => {
    expect(toLeadsParams(EMPTY_FILTERS, undefined, { hasDraft: true })).toEqual({
      hasDraft: 'true',
      sort: 'waiting',
    })
    expect(toLeadsParams(EMPTY_FILTERS, undefined, { needsReply: true, hasDraft: true })).toEqual({
      needsReply: 'true',
      hasDraft: 'true',
      sort: 'waiting',
    })
  })

  it('lives in the address the dashboard links to; an address that does not say leaves the default', () => {
    expect(inboxViewOf('?needsReply=true')).toEqual({ needsReply: true, hasDraft: false })
    expect(inboxViewOf('needsReply=false&x=1')).toEqual({ needsReply: false, hasDraft: false })
    expect(inboxViewOf('')).toEqual({ needsReply: undefined, hasDraft: false })
    expect(inboxViewOf('?hasDraft=true')).toEqual({ needsReply: undefined, hasDraft: true })
    expect(inboxSearchWith('', { needsReply: true })).toBe('?needsReply=true')
    // Off is written down: the default view would otherwise turn it on again.
    expect(inboxSearchWith('needsReply=true&x=1', { needsReply: false })).toBe('?needsReply=false&x=1')
    expect(inboxSearchWith('needsReply=true', { hasDraft: true })).toBe('?needsReply=true&hasDraft=true')
    expect(inboxSearchWith('needsReply=true&hasDraft=true', { hasDraft: false })).toBe('?needsReply=true')
  })

  it('says nobody is waiting, or no draft is, when the list is empty', () => {
    expect(emptyListText(false, false, { needsReply: true })).toBe('No leads waiting for a reply')
    expect(emptyListText(true, false, { hasDraft: true })).toBe('No leads with a draft ready for this client')
    expect(emptyListText(true, true, { needsReply: true })).toBe(
      'No leads found for this client matching your filters',
    )
  })
})
