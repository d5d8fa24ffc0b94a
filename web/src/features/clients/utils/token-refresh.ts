import type { TokenRefreshOutcome } from '@common/clients.ts'
import { formatDateTime } from '@/lib/date-format.ts'

/** One provider's line of the token-refresh toast (docs/spec/product.md §2 replaces the spec's placeholder). */
export function describeRefreshOutcome(provider: string, outcome: TokenRefreshOutcome): string {
  switch (outcome.status) {
    case 'refreshed': {
      const until = formatDateTime(outcome.expiresAt)
      return until ? `${provider}: refreshed, valid until ${until}` : `${provider}: refreshed`
    }
    case 'not_connected':
      return `${provider}: not connected`
    case 'failed':
      return `${provider}: failed${outcome.error ? ` (${outcome.error})` : ''}`
  }
}

export function refreshToastTitle(outcomes: TokenRefreshOutcome[]): { title: string; isError: boolean } {
  if (outcomes.some((o) => o.status === 'failed')) return { title: 'Token refresh failed', isError: true }
  if (outcomes.every((o) => o.status === 'not_connected'))
    return { title: 'Nothing to refresh', isError: false }
  return { title: 'Tokens refreshed', isError: false }
}
