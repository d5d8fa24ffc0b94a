import { useWaitingLeadCount } from '@/features/inbox/api/get-leads.ts'
import { cn } from '@/lib/utils.ts'

const number = new Intl.NumberFormat()

/**
 * The sidebar's count on Lead Inbox: how many leads wait for a reply (docs/spec/product.md §9.1),
 * live through the inbox's updates. Nothing while none waits or the count is unknown. The link
 * names it through `aria-describedby`, so the item's name stays 'Lead Inbox'.
 */
export function WaitingLeadsBadge({ id, className }: { id: string; className?: string }) {
  const waiting = useWaitingLeadCount()
  const count = waiting.data ?? 0
  if (count === 0) return null
  return (
    <span
      id={id}
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-amber-500/15 px-1.5 py-0.5 text-xs font-semibold text-amber-800 tabular-nums',
        className,
      )}
      data-testid="inbox-waiting-count"
    >
      {number.format(count)}
      <span className="sr-only">{count === 1 ? ' lead waits for a reply' : ' leads wait for a reply'}</span>
    </span>
  )
}
