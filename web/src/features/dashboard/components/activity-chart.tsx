import type { ActivityHour } from '@common/stats.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useActivity } from '@/features/dashboard/api/get-activity.ts'

const hourFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric' })

/** Messages per hour over the last 24 hours, inbound beside outbound: a glance, not a report. */
export function ActivityChart() {
  const activity = useActivity()
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Message activity</CardTitle>
        <CardDescription>Messages per hour, last 24 hours</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : activity.isError ? (
          <p className="text-sm text-muted-foreground">The activity could not be loaded.</p>
        ) : (
          <Bars hours={activity.data} />
        )}
      </CardContent>
    </Card>
  )
}

function Bars({ hours }: { hours: ActivityHour[] }) {
  const max = Math.max(1, ...hours.map((hour) => Math.max(hour.inbound, hour.outbound)))
  const total = hours.reduce((sum, hour) => sum + hour.inbound + hour.outbound, 0)
  const width = 24 * 12
  const height = 120
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${width} ${height + 14}`}
        className="h-40 w-full"
        role="img"
        aria-label={`${total} messages in the last 24 hours`}
        preserveAspectRatio="none"
      >
        {hours.map((hour, index) => {
          const x = index * 12
          const inbound = (hour.inbound / max) * height
          const outbound = (hour.outbound / max) * height
          return (
            <g key={hour.hour}>
              <title>{`${hourFormat.format(new Date(hour.hour))}: ${hour.inbound} inbound, ${hour.outbound} outbound`}</title>
              <rect
                x={x + 1}
                y={height - inbound}
                width={4.5}
                height={inbound}
                className="fill-primary"
                rx={1}
              />
              <rect
                x={x + 6}
                y={height - outbound}
                width={4.5}
                height={outbound}
                className="fill-success"
                rx={1}
              />
            </g>
          )
        })}
        <line x1={0} x2={width} y1={height} y2={height} className="stroke-border" strokeWidth={1} />
      </svg>
      <figcaption className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span className="flex items-center gap-3">
          <span className="flex items-center gap-1">
            <span className="size-2.5 rounded-sm bg-primary" aria-hidden="true" /> Inbound
          </span>
          <span className="flex items-center gap-1">
            <span className="size-2.5 rounded-sm bg-success" aria-hidden="true" /> Outbound
          </span>
        </span>
        <span>
          {hours[0] ? hourFormat.format(new Date(hours[0].hour)) : ''} –{' '}
          {hours.at(-1) ? hourFormat.format(new Date(hours.at(-1)?.hour ?? '')) : ''}
        </span>
      </figcaption>
    </figure>
  )
}
