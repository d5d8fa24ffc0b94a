import { formatDateTime } from '@/lib/date-format.ts'

export function LastActivity({ value }: { value: string | null }) {
  const formatted = formatDateTime(value)
  if (!formatted) return <span className="text-sm text-muted-foreground">No activity yet</span>
  return (
    <time dateTime={value ?? undefined} className="text-sm text-muted-foreground">
      {formatted}
    </time>
  )
}
