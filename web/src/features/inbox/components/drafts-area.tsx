import type { Draft } from '@common/lead-automation.ts'
import { DraftCard } from '@/features/inbox/components/draft-card.tsx'

/**
 * docs/spec/product.md §9.2 suggest mode: the lead's drafts above the reply box, oldest first,
 * each waiting for a person to send or discard it. Scrolls on its own so a long draft never
 * hides the conversation on a phone.
 */
export function DraftsArea({ leadId, drafts }: { leadId: string; drafts: Draft[] }) {
  if (drafts.length === 0) return null
  return (
    <section
      aria-label="Drafts"
      className="grid max-h-[45%] shrink-0 gap-2 overflow-y-auto border-t bg-muted/40 p-3"
    >
      <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Drafts ({drafts.length})
      </h4>
      {drafts.map((draft) => (
        <DraftCard key={draft.id} leadId={leadId} draft={draft} />
      ))}
    </section>
  )
}
