import type { Draft } from '@common/lead-automation.ts'
import type { LeadDetail } from '@common/leads.ts'
import { useState } from 'react'
import { DraftsArea } from '@/features/inbox/components/drafts-area.tsx'
import { ReplyBox } from '@/features/inbox/components/reply-box.tsx'
import { useIsAiEnabled } from '@/lib/ai-availability.ts'

/**
 * Below the conversation: the lead's drafts, then the reply box. An AI draft loaded into the
 * reply box (docs/spec/product.md §9.6) is edited and sent there, so it is not listed twice; the
 * lead has one AI draft at a time (a new one replaces the last), so an older one listed before
 * the lead reloads is the one just replaced, and is not shown either: one draft, one Send.
 */
export function ReplyArea({ lead }: { lead: LeadDetail }) {
  const [aiDraft, setAiDraft] = useState<Draft | null>(null)
  const isAiEnabled = useIsAiEnabled()
  const drafts = aiDraft ? lead.drafts.filter((draft) => draft.kind !== 'ai') : lead.drafts
  return (
    <>
      <DraftsArea leadId={lead.leadId} drafts={drafts} />
      <ReplyBox leadId={lead.leadId} isAiEnabled={isAiEnabled} aiDraft={aiDraft} onAiDraft={setAiDraft} />
    </>
  )
}
