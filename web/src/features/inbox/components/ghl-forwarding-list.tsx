import type { GhlForwarding } from '@common/leads.ts'
import { formatDateTime } from '@/features/inbox/utils/lead-display.ts'

/**
 * The lead's messages GoHighLevel has not taken yet: one GHL keeps refusing is retried while the
 * lead's later messages go on (docs/decisions/0013), so the operator sees which one is missing
 * from the GHL conversation, and why.
 */
export function GhlForwardingList({ items }: { items: GhlForwarding[] }) {
  if (items.length === 0) return null
  return (
    <section
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 dark:bg-amber-950/30"
      data-testid="ghl-forwarding"
    >
      <h4 className="text-xs font-semibold tracking-wide text-amber-900 uppercase dark:text-amber-200">
        Not in GoHighLevel yet
      </h4>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item.eventId} className="grid gap-0.5 text-xs">
            <span className="break-words">{item.text || '(no text)'}</span>
            <span className="text-muted-foreground">
              {item.state === 'failed' ? 'Failed' : 'Retrying'} · since {formatDateTime(item.createdAt)}
            </span>
            {item.error && <span className="break-words text-destructive">{item.error}</span>}
          </li>
        ))}
      </ul>
    </section>
  )
}
