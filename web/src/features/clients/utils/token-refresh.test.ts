import { describe, expect, it } from 'vitest'
import { describeRefreshOutcome, refreshToastTitle } from '@/features/clients/utils/token-refresh.ts'

describe('token refresh outcome (docs/spec/product.md §2)', () => {
  it.each([
    { outcome: { status: 'not_connected' as const }, line: 'Yelp: not connected' },
    { outcome: { status: 'refreshed' as const, expiresAt: null }, line: 'Yelp: refreshed' },
    { outcome: { status: 'failed' as const, error: 'invalid_grant' }, line: 'Yelp: failed (invalid_grant)' },
    { outcome: { status: 'failed' as const }, line: 'Yelp: failed' },
  ])('describes $outcome.status', ({ outcome, line }) => {
    expect(describeRefreshOutcome('Yelp', outcome)).toBe(line)
  })

  it('names the expiry of a refreshed token', () => {
    expect(
      describeRefreshOutcome('GoHighLevel', { status: 'refreshed', expiresAt: '2026-03-01T12:00:00Z' }),
    ).toMatch(/^GoHighLevel: refreshed, valid until .*2026/)
  })

  it.each([
    { statuses: ['refreshed', 'not_connected'], title: 'Tokens refreshed', isError: false },
    { statuses: ['not_connected', 'not_connected'], title: 'Nothing to refresh', isError: false },
    { statuses: ['refreshed', 'failed'], title: 'Token refresh failed', isError: true },
  ] as const)('$statuses → $title', ({ statuses, title, isError }) => {
    expect(refreshToastTitle(statuses.map((status) => ({ status })))).toEqual({ title, isError })
  })
})
