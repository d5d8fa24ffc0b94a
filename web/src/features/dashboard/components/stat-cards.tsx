import type { Stats } from '@common/stats.ts'
import { Activity, AlertTriangle, Building2, type LucideIcon, MessageSquare, PlugZap } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent } from '@/components/ui/card.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useStats } from '@/features/dashboard/api/get-stats.ts'
import { WaitingStrip } from '@/features/dashboard/components/waiting-strip.tsx'
import { serverMessageOf } from '@/lib/api-client.ts'

const number = new Intl.NumberFormat()

/**
 * docs/spec/dashboard-spec.md §2.3: the four stat cards, skeleton blocks while the stats load, under
 * docs/spec/product.md §9.1's waiting strip ("Leads awaiting reply", the oldest wait, the median).
 */
export function StatCards() {
  const stats = useStats()
  if (stats.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading statistics">
        <Skeleton className="h-[4.5rem] w-full rounded-xl" />
        <div className={GRID}>
          {[0, 1, 2, 3].map((card) => (
            <Card key={card} className="gap-3 p-5">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-8 w-16" />
              <Skeleton className="h-3 w-32" />
            </Card>
          ))}
        </div>
      </div>
    )
  }
  if (stats.isError) {
    return (
      <Card className="p-5 text-sm text-muted-foreground" role="alert">
        The statistics could not be loaded. {serverMessageOf(stats.error) ?? stats.error.message}
      </Card>
    )
  }
  return (
    <div className="grid gap-4">
      <WaitingStrip stats={stats.data} />
      <StatCardGrid stats={stats.data} />
    </div>
  )
}

const GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-4'

export function StatCardGrid({ stats }: { stats: Stats }) {
  return (
    <div className={GRID}>
      <StatCard
        label="Active Clients"
        value={number.format(stats.activeClients)}
        icon={Building2}
        testId="stat-active-clients"
      >
        {number.format(stats.totalClients)} total clients
      </StatCard>
      <StatCard
        label="Messages Today"
        value={number.format(stats.messagesToday)}
        icon={MessageSquare}
        testId="stat-messages-today"
      >
        {number.format(stats.totalMessages)} total messages
      </StatCard>
      <StatCard
        label="Connected Integrations"
        value={number.format(stats.connectedIntegrations)}
        icon={PlugZap}
        testId="stat-connected-integrations"
      >
        <span className={stats.webhookErrors > 0 ? 'text-destructive' : undefined}>
          {number.format(stats.webhookErrors)} webhook errors today
        </span>
      </StatCard>
      <StatCard
        label="Error Rate"
        value={`${(stats.errorRate ?? 0).toFixed(1)}%`}
        icon={stats.errorRate > 5 ? AlertTriangle : Activity}
        testId="stat-error-rate"
      >
        System health: <span className="font-medium text-success">Good</span>
      </StatCard>
    </div>
  )
}

function StatCard({
  label,
  value,
  icon: Icon,
  testId,
  children,
}: {
  label: string
  value: string
  icon: LucideIcon
  testId: string
  children: ReactNode
}) {
  return (
    <Card className="gap-0 p-5" data-testid={testId}>
      <CardContent className="flex items-start justify-between gap-3 p-0">
        <div className="min-w-0">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <p
            className="mt-1 text-3xl font-semibold tabular-nums tracking-tight"
            data-testid={`${testId}-value`}
          >
            {value}
          </p>
          <p className="mt-1 truncate text-xs text-muted-foreground">{children}</p>
        </div>
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      </CardContent>
    </Card>
  )
}
