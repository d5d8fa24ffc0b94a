import { Clock } from 'lucide-react'
import { useClock } from '@/features/inbox/hooks/use-clock.ts'
import { formatWaiting, waitingTone } from '@/features/inbox/utils/waiting-time.ts'
import { cn } from '@/lib/utils.ts'

const TONE_CLASSES = {
  fresh: 'bg-amber-500/15 text-amber-800',
  late: 'bg-orange-500/15 text-orange-800',
  lost: 'bg-destructive/15 text-destructive',
} as const

const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** docs/spec/product.md §9.1: a lead's live "waiting 12 min", ticking on the shared clock. */
export function WaitingTimer({ since, className }: { since: string; className?: string }) {
  const now = useClock()
  return (
    <span
      className={cn(
        'inline-flex w-fit shrink-0 items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap tabular-nums',
        TONE_CLASSES[waitingTone(since, now)],
        className,
      )}
      title={`Waiting for a reply since ${exact.format(new Date(since))}`}
      data-testid="waiting-timer"
    >
      <Clock className="size-3" aria-hidden="true" />
      {formatWaiting(since, now)}
    </span>
  )
}
