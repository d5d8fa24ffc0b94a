import type { FirstReplyDay } from '@common/stats.ts'
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts'
import { formatSeconds } from '@/lib/figures-format.ts'

// Loaded lazily (first-replies-card.tsx): recharts stays out of the dashboard's first JavaScript.

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })
const AXIS = { fontSize: 11, fill: 'var(--muted-foreground)' }

/**
 * The daily median first reply (left axis, minutes; a gap on a day nothing was answered) and the
 * share of that day's leads answered within 5 minutes (right axis, percent).
 */
export function FirstRepliesTrend({ days }: { days: FirstReplyDay[] }) {
  const data = days.map((day) => ({
    label: dayFormat.format(new Date(`${day.date}T00:00:00Z`)),
    medianMinutes: day.medianSeconds === null ? null : Math.round((day.medianSeconds / 60) * 10) / 10,
    within5Minutes: day.within5Minutes,
    leads: day.leads,
  }))
  return (
    <LineChart
      responsive
      data={data}
      style={{ width: '100%', height: 240 }}
      margin={{ top: 8, right: 4, bottom: 16, left: 0 }}
    >
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis
        dataKey="label"
        tick={AXIS}
        tickLine={false}
        axisLine={{ stroke: 'var(--border)' }}
        interval="preserveStartEnd"
        minTickGap={16}
        label={{ value: 'Day of the first message (UTC)', position: 'insideBottom', offset: -10, ...AXIS }}
      />
      <YAxis
        yAxisId="median"
        allowDecimals={false}
        tick={AXIS}
        tickLine={false}
        axisLine={false}
        width={64}
        tickFormatter={(minutes: number) => formatSeconds(minutes * 60)}
        label={{ value: 'Median', angle: -90, position: 'insideLeft', offset: 4, ...AXIS }}
      />
      <YAxis
        yAxisId="share"
        orientation="right"
        domain={[0, 100]}
        tick={AXIS}
        tickLine={false}
        axisLine={false}
        width={56}
        tickFormatter={(percent: number) => `${percent}%`}
        label={{ value: '≤ 5 min', angle: 90, position: 'insideRight', offset: 4, ...AXIS }}
      />
      <Tooltip
        contentStyle={{ fontSize: 12, borderRadius: 8, borderColor: 'var(--border)' }}
        formatter={(value, name) => {
          if (value === null || value === undefined) return ['—', name]
          return name === 'Median first reply'
            ? [formatSeconds(Number(value) * 60), name]
            : [`${value}%`, name]
        }}
      />
      <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 12 }} />
      <Line
        yAxisId="median"
        type="linear"
        dataKey="medianMinutes"
        name="Median first reply"
        stroke="var(--primary)"
        strokeWidth={2}
        dot={{ r: 2 }}
        connectNulls={false}
        isAnimationActive={false}
      />
      <Line
        yAxisId="share"
        type="linear"
        dataKey="within5Minutes"
        name="Answered ≤ 5 min"
        stroke="var(--success)"
        strokeWidth={2}
        dot={{ r: 2 }}
        connectNulls={false}
        isAnimationActive={false}
      />
    </LineChart>
  )
}
