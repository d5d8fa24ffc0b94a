import type { Stats } from '@common/stats.ts'
import {
  Activity,
  AlertTriangle,
  Building2,
  ChevronRight,
  Clock,
  type LucideIcon,
  MessageSquare,
  PlugZap,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { Card, CardContent } from '@/components/ui/card.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useStats } from '@/features/dashboard/api/get-stats.ts'
import { serverMessageOf } from '@/lib/api-client.ts'
import { cn } from '@/lib/utils.ts'

const number = new Intl.NumberFormat()

/**
 * docs/spec/dashboard-spec.md §2.3: the four stat cards, skeleton blocks while the stats load, and
 * docs/spec/product.md §9.1's "Leads awaiting reply", which opens the inbox on "Needs reply".
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
  return <StatCardGrid stats={stats.data} />
}

const GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-4'

/** Where "Leads awaiting reply" leads: the inbox reads `needsReply` from its address. */
export const NEEDS_REPLY_INBOX = '/inbox?needsReply=true'

export function StatCardGrid({ stats }: { stats: Stats }) {
  return (
    <div className="grid gap-4">
      <LeadsAwaitingCard count={stats.leadsAwaitingReply} />
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
    </div>
  )
}

/**
 * docs/spec/product.md §9.1: how many leads wait for an answer, across the page's width above
 * the four cards (the one figure here someone should act on now), opening the inbox on them.
 */
function LeadsAwaitingCard({ count }: { count: number }) {
  const isWaiting = count > 0
  return (
    <Link
      href={NEEDS_REPLY_INBOX}
      className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      aria-label={`Leads awaiting reply: ${number.format(count)}. Open the inbox on Needs reply`}
    >
      <Card
        className="flex-row items-center gap-4 p-4 transition-colors group-hover:bg-accent/40 sm:px-5"
        data-testid="stat-leads-awaiting-reply"
      >
        <span
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-lg',
            isWaiting ? 'bg-amber-500/15 text-amber-700' : 'bg-accent text-accent-foreground',
          )}
        >
          <Clock className="size-5" aria-hidden="true" />
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="text-sm font-medium text-muted-foreground">Leads awaiting reply</span>
          <span className="text-xs text-muted-foreground">
            {isWaiting ? 'Customers who wrote last and have no answer yet' : 'Every customer has an answer'}
          </span>
        </span>
        <span
          className="text-3xl font-semibold tabular-nums tracking-tight"
          data-testid="stat-leads-awaiting-reply-value"
        >
          {number.format(count)}
        </span>
        <ChevronRight
          className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      </Card>
    </Link>
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
