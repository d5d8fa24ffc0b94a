import { lazy, Suspense } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useActivity } from '@/features/dashboard/api/get-activity.ts'

// The chart library is a chunk of its own, fetched once the card draws (bench/RESULTS.md: the
// first page's JS budget).
const ActivityBars = lazy(() =>
  import('@/features/dashboard/charts/activity-bars.tsx').then((m) => ({ default: m.ActivityBars })),
)

/** Messages per hour over the last 24 hours, inbound beside outbound: a glance, not a report. */
export function ActivityChart() {
  const activity = useActivity()
  const total = activity.data?.reduce((sum, hour) => sum + hour.inbound + hour.outbound, 0) ?? 0
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Message activity</CardTitle>
        <CardDescription>Messages per hour, last 24 hours</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <Skeleton className="h-[220px] w-full" />
        ) : activity.isError ? (
          <p className="text-sm text-muted-foreground">The activity could not be loaded.</p>
        ) : (
          <figure role="img" aria-label={`${total} messages in the last 24 hours`} className="min-w-0">
            <Suspense fallback={<Skeleton className="h-[220px] w-full" />}>
              <ActivityBars hours={activity.data} />
            </Suspense>
          </figure>
        )}
      </CardContent>
    </Card>
  )
}
