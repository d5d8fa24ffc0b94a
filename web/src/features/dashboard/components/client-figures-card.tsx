import { useState } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useClientStats } from '@/features/dashboard/api/get-client-stats.ts'
import { ClientAiFigures } from '@/features/dashboard/components/client-ai-figures.tsx'
import { ClientResponseTable } from '@/features/dashboard/components/client-response-table.tsx'

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
 * How fast each client answers and what its Yelp leads cost (docs/decisions/0014, docs/spec/product.md
 * §9.1): one sortable table, most waiting first, that reads the same at 40 clients as at 2.
 */
export function ClientFiguresCard() {
  const [months] = useState(recentMonths)
  const [picked, setPicked] = useState<string>()
  const stats = useClientStats({ month: picked })
  const month = stats.data ? monthLabel(stats.data.month) : null
  return (
    <Card className="gap-4" data-testid="client-figures-card">
      {/* The month picker wraps under the description on a phone instead of squeezing it. */}
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <CardTitle>Response and cost per client</CardTitle>
          <CardDescription>
            Response figures over the last 30 days; cost per lead in {month ?? 'the month picked'}
          </CardDescription>
        </div>
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
      </CardHeader>
      <CardContent className="grid gap-3">
        {stats.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : stats.isError ? (
          <p className="text-sm text-muted-foreground">The client figures could not be loaded.</p>
        ) : stats.data.clients.length === 0 ? (
          <p className="text-sm text-muted-foreground">No clients yet.</p>
        ) : (
          <>
            <ClientResponseTable clients={stats.data.clients} />
            <ClientAiFigures clients={stats.data.clients} month={month} />
          </>
        )}
      </CardContent>
    </Card>
  )
}
