import type { ClientStats, ResponseTime } from '@common/client-stats.ts'
import { useState } from 'react'
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useClientStats } from '@/features/dashboard/api/get-client-stats.ts'
import { ClientAiFigures } from '@/features/dashboard/components/client-ai-figures.tsx'
import {
  formatCents,
  formatPercent,
  formatSeconds,
  RESPONSE_RATE_HINT,
  YELP_RESPONSE_TIME_HINT,
} from '@/lib/figures-format.ts'

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' })
/** How far back the month picker reaches: a year of invoices. */
const MONTHS_SHOWN = 12

const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`))

/** The current UTC month and the ones before it, newest first, as `YYYY-MM`. */
function recentMonths(now = new Date()): string[] {
  return Array.from({ length: MONTHS_SHOWN }, (_, back) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7),
  )
}

/**
 * What each client's Yelp leads cost this month and how fast the client answers them
 * (docs/decisions/0014): Yelp ranks businesses on response time, and agencies pay for the
 * leads. One small table per client, so the cards wrap on a phone instead of a wide table scrolling sideways.
 */
export function ClientFiguresCard() {
  const [months] = useState(recentMonths)
  const [picked, setPicked] = useState<string>()
  const stats = useClientStats({ month: picked })
  const month = stats.data ? monthLabel(stats.data.month) : null
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Cost per lead and response time</CardTitle>
        <CardDescription>
          {month ? `Lead costs in ${month}; ` : ''}time from the customer's first message to the first reply
        </CardDescription>
        <CardAction>
          <Select value={picked ?? stats.data?.month ?? months[0]} onValueChange={setPicked}>
            <SelectTrigger
              aria-label="Month of the lead costs"
              className="w-40"
              data-testid="client-stats-month"
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {months.map((value) => (
                <SelectItem key={value} value={value}>
                  {monthLabel(value)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </CardAction>
      </CardHeader>
      <CardContent>
        {stats.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : stats.isError ? (
          <p className="text-sm text-muted-foreground">The client figures could not be loaded.</p>
        ) : stats.data.clients.length === 0 ? (
          <p className="text-sm text-muted-foreground">No clients yet.</p>
        ) : (
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 md:grid-cols-2 xl:grid-cols-3">
            {stats.data.clients.map((client) => (
              <li key={client.clientId} data-client-id={client.clientId} className="min-w-0">
                <ClientFigures client={client} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function ClientFigures({ client }: { client: ClientStats }) {
  const { last7Days, last30Days } = client.responseTime
  return (
    <section className="grid gap-3 rounded-lg border p-3 text-sm" aria-label={client.name}>
      <h3 className="truncate font-medium" title={client.name}>
        {client.name}
      </h3>
      <dl className="grid grid-cols-3 gap-2">
        <Figure label="Leads" value={String(client.leads)} testId="client-leads" />
        <Figure
          label="Cost per lead"
          value={formatCents(client.costPerLeadCents, client.currency)}
          testId="client-cost-per-lead"
        />
        <Figure
          label="Total cost"
          value={formatCents(client.costedLeads ? client.totalCostCents : null, client.currency)}
          testId="client-total-cost"
        />
      </dl>
      <table className="w-full table-fixed text-left tabular-nums">
        <caption className="sr-only">Response time of {client.name}</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="font-normal">
              Last
            </th>
            <th scope="col" className="font-normal">
              Median
            </th>
            <th scope="col" className="font-normal">
              ≤ 5 min
            </th>
            <th scope="col" className="font-normal">
              ≤ 1 h
            </th>
          </tr>
        </thead>
        <tbody>
          <WindowRow label="7 days" days={7} figures={last7Days} />
          <WindowRow label="30 days" days={30} figures={last30Days} />
        </tbody>
      </table>
      <dl className="grid gap-2 border-t pt-3 sm:grid-cols-2" aria-label={`Yelp's figures of ${client.name}`}>
        <YelpFigure
          label="Yelp response time"
          value={formatSeconds(client.yelpResponseTime)}
          hint={YELP_RESPONSE_TIME_HINT}
          testId="client-yelp-response-time"
        />
        <YelpFigure
          label="Response rate"
          value={formatPercent(client.responseRate)}
          hint={RESPONSE_RATE_HINT}
          testId="client-response-rate"
        />
      </dl>
      <ClientAiFigures client={client} />
    </section>
  )
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="truncate text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

/** docs/spec/product.md §9.1: one of Yelp's own figures, with what it measures under it. */
function YelpFigure({
  label,
  value,
  hint,
  testId,
}: {
  label: string
  value: string
  hint: string
  testId: string
}) {
  return (
    <div className="grid min-w-0 content-start gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      <dd className="text-xs leading-snug text-muted-foreground">{hint}</dd>
    </div>
  )
}

function WindowRow({ label, days, figures }: { label: string; days: number; figures: ResponseTime }) {
  return (
    <tr data-window={days} title={`${figures.answered} of ${figures.leads} leads answered`}>
      <th scope="row" className="font-normal text-muted-foreground">
        {label}
      </th>
      <td data-testid={`client-median-${days}d`}>{formatSeconds(figures.medianSeconds)}</td>
      <td>{formatPercent(figures.within5Minutes)}</td>
      <td>{formatPercent(figures.within1Hour)}</td>
    </tr>
  )
}
