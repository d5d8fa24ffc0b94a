import type { FirstReplies } from '@common/stats.ts'
import { lazy, Suspense } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useFirstReplies } from '@/features/dashboard/api/get-first-replies.ts'
import { formatPercent, formatSeconds } from '@/lib/figures-format.ts'

// The chart library is a chunk of its own, fetched once the card draws (bench/RESULTS.md).
const FirstRepliesTrend = lazy(() =>
  import('@/features/dashboard/charts/first-replies-trend.tsx').then((m) => ({
    default: m.FirstRepliesTrend,
  })),
)

/**
 * The first replies of the last 30 days, day by day: the median of the answered leads and the
 * share of all leads answered within 5 minutes, the waiting ones counting as not answered.
 */
export function FirstRepliesCard() {
  const replies = useFirstReplies()
  return (
    <Card className="gap-4" data-testid="first-replies-card">
      <CardHeader>
        <CardTitle>First replies, last 30 days</CardTitle>
        <CardDescription>
          By the day of the customer's first message (UTC). The median counts answered leads only; the share
          within 5 minutes counts every lead, a waiting one as not answered.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {replies.isPending ? (
          <Skeleton className="h-[240px] w-full" />
        ) : replies.isError ? (
          <p className="text-sm text-muted-foreground">The first replies could not be loaded.</p>
        ) : replies.data.total.leads === 0 ? (
          <p className="text-sm text-muted-foreground">No lead wrote in the last 30 days.</p>
        ) : (
          <figure role="img" aria-label={summaryOf(replies.data)} className="min-w-0">
            <Suspense fallback={<Skeleton className="h-[240px] w-full" />}>
              <FirstRepliesTrend days={replies.data.days} />
            </Suspense>
          </figure>
        )}
      </CardContent>
    </Card>
  )
}

/** What the chart shows, in words, for a screen reader. */
export function summaryOf({ total }: FirstReplies): string {
  return `Over the last 30 days: ${total.leads} leads, ${total.answered} answered; median first reply ${formatSeconds(total.medianSeconds)}; ${formatPercent(total.within5Minutes)} answered within 5 minutes`
}
