import { useClientStats } from '@/features/clients/api/get-client-stats.ts'
import { useAuth } from '@/lib/auth/use-auth.ts'
import { formatPercent, formatSeconds } from '@/lib/figures-format.ts'

/**
 * A client's median response time over the last 7 days (docs/decisions/0014), with its share answered
 * within 5 minutes; "—" for a role without the stats or a client with no lead in the window.
 * Every row reads the one cached GET /api/stats/clients.
 */
export function ResponseTimeFigure({ clientId }: { clientId: string }) {
  const { user } = useAuth()
  const canView = user?.permissions?.canViewSystemStats === true
  const stats = useClientStats({ enabled: canView })
  const figures = stats.data?.clients.find((client) => client.clientId === clientId)?.responseTime.last7Days
  if (!figures || figures.leads === 0) {
    return (
      <span className="text-sm text-muted-foreground" data-testid="client-response-time">
        —
      </span>
    )
  }
  return (
    <span
      className="grid text-sm tabular-nums"
      title={`${figures.answered} of ${figures.leads} leads of the last 7 days answered`}
    >
      <span data-testid="client-response-time">{formatSeconds(figures.medianSeconds)}</span>
      <span className="text-xs whitespace-nowrap text-muted-foreground">
        {formatPercent(figures.within5Minutes)} ≤ 5 min
      </span>
    </span>
  )
}
