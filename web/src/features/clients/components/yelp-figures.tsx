import { useClientStats } from '@/features/clients/api/get-client-stats.ts'
import { useAuth } from '@/lib/auth/use-auth.ts'
import {
  formatPercent,
  formatSeconds,
  RESPONSE_RATE_HINT,
  YELP_RESPONSE_TIME_HINT,
} from '@/lib/figures-format.ts'

/**
 * A client's figures as Yelp computes them (docs/spec/product.md §9.1): the business-hours median
 * response time and the response rate over 30 days, each explained on hover. "—" for a role
 * without the stats or a client with nothing to measure. Reads the one cached GET /api/stats/clients.
 */
export function YelpFigures({ clientId }: { clientId: string }) {
  const { user } = useAuth()
  const canView = user?.permissions?.canViewSystemStats === true
  const stats = useClientStats({ enabled: canView })
  const client = stats.data?.clients.find((entry) => entry.clientId === clientId)
  if (!client || (client.yelpResponseTime === null && client.responseRate === null)) {
    return (
      <span
        className="text-sm text-muted-foreground"
        data-testid="client-yelp-figures"
        title={YELP_RESPONSE_TIME_HINT}
      >
        —
      </span>
    )
  }
  return (
    <span className="grid text-sm tabular-nums" data-testid="client-yelp-figures">
      <span title={YELP_RESPONSE_TIME_HINT} className="whitespace-nowrap">
        <span className="sr-only">Yelp response time </span>
        <span data-testid="client-yelp-response-time">{formatSeconds(client.yelpResponseTime)}</span>
      </span>
      <span title={RESPONSE_RATE_HINT} className="text-xs whitespace-nowrap text-muted-foreground">
        <span data-testid="client-response-rate">{formatPercent(client.responseRate)}</span> answered
      </span>
    </span>
  )
}
