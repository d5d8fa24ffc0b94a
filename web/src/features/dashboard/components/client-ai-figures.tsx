import type { ClientStats } from '@common/client-stats.ts'

/**
 * docs/spec/product.md §9.6: the AI drafts of the month's leads, made, sent and sent after a
 * person edited them. Shown only for a client that had any, so a hub without a model shows nothing.
 */
export function ClientAiFigures({ client }: { client: ClientStats }) {
  const { made, sent, edited } = client.aiDrafts
  if (made === 0) return null
  return (
    <p className="border-t pt-3 text-xs text-muted-foreground" data-testid="client-ai-drafts">
      <span className="font-medium text-foreground">AI drafts</span> {made} made · {sent} sent · {edited}{' '}
      edited before sending
    </p>
  )
}
