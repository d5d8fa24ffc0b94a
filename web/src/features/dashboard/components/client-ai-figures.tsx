import type { ClientStats } from '@common/client-stats.ts'

/**
 * docs/spec/product.md §9.6: the AI drafts of the month's leads over the clients shown, made, sent
 * and sent after a person edited them. Shown only when the model made any, so a hub without a
 * model shows nothing.
 */
export function ClientAiFigures({
  clients,
  month,
}: {
  clients: readonly ClientStats[]
  month: string | null
}) {
  const { made, sent, edited } = clients.reduce(
    (sum, client) => ({
      made: sum.made + client.aiDrafts.made,
      sent: sum.sent + client.aiDrafts.sent,
      edited: sum.edited + client.aiDrafts.edited,
    }),
    { made: 0, sent: 0, edited: 0 },
  )
  if (made === 0) return null
  return (
    <p className="text-xs text-muted-foreground" data-testid="client-ai-drafts">
      <span className="font-medium text-foreground">AI drafts{month ? ` in ${month}` : ''}</span> {made} made
      · {sent} sent · {edited} edited before sending
    </p>
  )
}
