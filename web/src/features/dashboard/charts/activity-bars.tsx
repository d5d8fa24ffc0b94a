import { MESSAGE_DIRECTION_LABELS } from '@common/messages.ts'
import type { ActivityHour } from '@common/stats.ts'
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts'

// Loaded lazily (activity-chart.tsx): recharts stays out of the dashboard's first JavaScript.

const hourFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric' })
const AXIS = { fontSize: 11, fill: 'var(--muted-foreground)' }

/** Messages per hour, inbound beside outbound, with both axes named. */
export function ActivityBars({ hours }: { hours: ActivityHour[] }) {
  const data = hours.map((hour) => ({ ...hour, label: hourFormat.format(new Date(hour.hour)) }))
  return (
    <BarChart
      responsive
      data={data}
      style={{ width: '100%', height: 220 }}
      margin={{ top: 8, right: 8, bottom: 16, left: 0 }}
      barGap={1}
    >
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis
        dataKey="label"
        tick={AXIS}
        tickLine={false}
        axisLine={{ stroke: 'var(--border)' }}
        interval="preserveStartEnd"
        minTickGap={12}
        label={{ value: 'Hour (your time)', position: 'insideBottom', offset: -10, ...AXIS }}
      />
      <YAxis
        allowDecimals={false}
        tick={AXIS}
        tickLine={false}
        axisLine={false}
        width={44}
        label={{ value: 'Messages', angle: -90, position: 'insideLeft', offset: 12, ...AXIS }}
      />
      <Tooltip
        cursor={{ fill: 'var(--accent)' }}
        contentStyle={{ fontSize: 12, borderRadius: 8, borderColor: 'var(--border)' }}
      />
      <Legend verticalAlign="top" height={28} iconType="square" wrapperStyle={{ fontSize: 12 }} />
      <Bar
        dataKey="inbound"
        name={MESSAGE_DIRECTION_LABELS.inbound}
        fill="var(--primary)"
        radius={[2, 2, 0, 0]}
      />
      <Bar
        dataKey="outbound"
        name={MESSAGE_DIRECTION_LABELS.outbound}
        fill="var(--success)"
        radius={[2, 2, 0, 0]}
      />
    </BarChart>
  )
}
