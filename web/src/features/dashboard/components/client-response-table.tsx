import type { ClientStats } from '@common/client-stats.ts'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import { useContext, useState } from 'react'
import { ResponsePageLink } from '@/components/response-page-link.tsx'
import { useNow } from '@/features/dashboard/hooks/use-now.ts'
import {
  type ClientSort,
  type ClientSortKey,
  DEFAULT_CLIENT_SORT,
  nextSort,
  sortClients,
} from '@/features/dashboard/utils/sort-clients.ts'
import { AuthContext } from '@/lib/auth/auth-context.ts'
import { formatCents, formatPercent, formatSeconds } from '@/lib/figures-format.ts'
import { cn } from '@/lib/utils.ts'

/** The columns, each with what its figure counts (shown under the table and on hover). */
export const CLIENT_COLUMNS: ReadonlyArray<{ key: ClientSortKey; label: string; counts: string }> = [
  { key: 'name', label: 'Client', counts: 'The client, by name' },
  {
    key: 'waitingNow',
    label: 'Waiting now',
    counts: 'Leads whose customer wrote last and has no answer yet, with the longest wait',
  },
  {
    key: 'medianFirstReply',
    label: 'Median first reply',
    counts: 'Answered leads of the last 30 days only: the median time to the first reply',
  },
  {
    key: 'within5Minutes',
    label: '≤ 5 min',
    counts: 'Every lead of the last 30 days, the waiting ones included: the share answered within 5 minutes',
  },
  {
    key: 'yelpResponseTime',
    label: 'Yelp response time',
    counts: "As Yelp measures it: median over 30 days, 18:00–08:00 in the client's timezone not counted",
  },
  {
    key: 'responseRate',
    label: 'Response rate',
    counts: 'New messages of the last 30 days answered; those under 24 h and still unanswered left out',
  },
  {
    key: 'costPerLead',
    label: 'Cost per lead',
    counts: "The month's lead costs Yelp reported, divided by the leads that had one",
  },
]

/**
 * One row per client, sortable by any column (most waiting first by default): read at 40 clients
 * as at 2. The table scrolls inside its own box, the client column and the header staying put,
 * so a phone never scrolls the page sideways.
 */
export function ClientResponseTable({ clients }: { clients: readonly ClientStats[] }) {
  const [sort, setSort] = useState<ClientSort>(DEFAULT_CLIENT_SORT)
  const now = useNow()
  const rows = sortClients(clients, sort)
  return (
    <div className="grid gap-3">
      <section
        className="max-h-[32rem] overflow-auto rounded-lg border"
        data-testid="client-table-scroller"
        // A scrollable box must be reachable by keyboard: arrow keys scroll it once focused.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the box scrolls; arrow keys need its focus.
        tabIndex={0}
        aria-label="Response figures per client"
      >
        <table
          className="w-full border-separate border-spacing-0 text-sm tabular-nums"
          data-testid="client-table"
        >
          <caption className="sr-only">
            Response figures per client, sorted by{' '}
            {CLIENT_COLUMNS.find((column) => column.key === sort.key)?.label}
          </caption>
          <thead>
            <tr>
              {CLIENT_COLUMNS.map((column, index) => (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={
                    sort.key === column.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'
                  }
                  className={cn(
                    'sticky top-0 z-10 border-b bg-card px-3 py-2 text-left align-bottom text-xs font-medium text-muted-foreground',
                    index === 0 && 'left-0 z-20',
                    index > 0 && 'text-right',
                  )}
                >
                  <button
                    type="button"
                    className={cn(
                      'inline-flex items-center gap-1 rounded-sm whitespace-nowrap hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none',
                      sort.key === column.key && 'text-foreground',
                    )}
                    title={column.counts}
                    onClick={() => setSort((current) => nextSort(current, column.key))}
                    data-testid={`sort-${column.key}`}
                  >
                    {column.label}
                    <SortIcon active={sort.key === column.key} direction={sort.direction} />
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((client) => (
              <ClientRow key={client.clientId} client={client} now={now} />
            ))}
          </tbody>
        </table>
      </section>
      <dl
        className="grid gap-x-6 gap-y-1 text-xs text-muted-foreground sm:grid-cols-2"
        aria-label="What each figure counts"
      >
        {CLIENT_COLUMNS.slice(1).map((column) => (
          <div key={column.key} className="flex min-w-0 gap-1">
            <dt className="shrink-0 font-medium text-foreground">{column.label}:</dt>
            <dd className="min-w-0">{column.counts}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

function SortIcon({ active, direction }: { active: boolean; direction: 'asc' | 'desc' }) {
  if (!active) return <ArrowUpDown className="size-3 opacity-50" aria-hidden="true" />
  return direction === 'asc' ? (
    <ArrowUp className="size-3" aria-hidden="true" />
  ) : (
    <ArrowDown className="size-3" aria-hidden="true" />
  )
}

const CELL = 'border-b px-3 py-2 text-right align-top whitespace-nowrap'

function ClientRow({ client, now }: { client: ClientStats; now: number }) {
  const canEditPlaybook = useContext(AuthContext)?.user?.permissions.canManageClientIntegrations === true
  const month = client.responseTime.last30Days
  const oldest = client.oldestWaitingSince
    ? (now - new Date(client.oldestWaitingSince).getTime()) / 1000
    : null
  return (
    <tr data-client-id={client.clientId} className="group">
      <th
        scope="row"
        className="sticky left-0 z-[1] w-[10rem] min-w-[10rem] max-w-[10rem] border-b bg-card px-3 py-2 text-left align-top font-medium group-hover:bg-muted sm:w-auto sm:max-w-[16rem] xl:max-w-[22rem]"
      >
        {/* Two lines on a phone: 80-character names differ past their first words. */}
        <span
          className="line-clamp-2 break-words sm:line-clamp-none sm:block sm:truncate"
          title={client.name}
          data-testid="client-name"
        >
          {client.name}
        </span>
        {/* Where the client's first replies and follow-ups are set, for those who may set them. */}
        {canEditPlaybook && (
          <ResponsePageLink clientId={client.clientId} className="text-xs font-normal">
            Response
          </ResponsePageLink>
        )}
      </th>
      <td className={CELL}>
        <span
          className={cn('font-semibold', client.waitingNow > 0 && 'text-amber-700')}
          data-testid="client-waiting-now"
        >
          {client.waitingNow}
        </span>
        {oldest !== null && (
          <span
            className={cn('block text-xs text-muted-foreground', oldest >= 3600 && 'text-destructive')}
            data-testid="client-oldest-wait"
          >
            oldest {formatSeconds(oldest)}
          </span>
        )}
      </td>
      <td className={CELL}>
        <span data-testid="client-median-30d">{formatSeconds(month.medianSeconds)}</span>
        <span className="block text-xs text-muted-foreground">
          {month.answered} of {month.leads} answered
        </span>
      </td>
      <td className={CELL} data-testid="client-within-5-minutes">
        {formatPercent(month.within5Minutes)}
      </td>
      <td className={CELL} data-testid="client-yelp-response-time">
        {formatSeconds(client.yelpResponseTime)}
      </td>
      <td className={CELL} data-testid="client-response-rate">
        {formatPercent(client.responseRate)}
      </td>
      <td className={CELL} data-testid="client-cost-per-lead">
        {formatCents(client.costPerLeadCents, client.currency)}
      </td>
    </tr>
  )
}
