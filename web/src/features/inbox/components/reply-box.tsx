import type { Draft } from '@common/lead-automation.ts'
import { MAX_REPLY_LENGTH } from '@common/leads.ts'
import { Send, Sparkles } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { useDraftWithAi } from '@/features/inbox/api/draft-with-ai.ts'
import { useReplyToLead } from '@/features/inbox/api/reply-to-lead.ts'
import { useSendDraft } from '@/features/inbox/api/send-draft.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

/**
 * Reply from the hub (docs/spec/product.md §2): sent to Yelp by the engine, shown in the thread.
 * With a model configured (§9.6), "Draft with AI" fills the box with an editable draft, marked as
 * AI-written until a person edits it; Send then sends that draft through the same reply path.
 */
export function ReplyBox({
  leadId,
  isAiEnabled,
  aiDraft,
  onAiDraft,
}: {
  leadId: string
  isAiEnabled: boolean
  /** The AI draft loaded into the box, if any. */
  aiDraft: Draft | null
  onAiDraft: (draft: Draft | null) => void
}) {
  const [text, setText] = useState('')
  const reply = useReplyToLead(leadId)
  const sendDraft = useSendDraft(leadId)
  const drafting = useDraftWithAi(leadId)
  const isAiText = aiDraft !== null && text === aiDraft.text
  // A person's own typing is never overwritten by a draft.
  const canDraft = !drafting.isPending && (text.trim() === '' || isAiText)
  const isSending = reply.isPending || sendDraft.isPending
  const failure = reply.error ?? sendDraft.error

  const done = () => {
    setText('')
    onAiDraft(null)
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const message = text.trim()
    if (!message || isSending) return
    if (aiDraft) {
      const edited = message !== aiDraft.text.trim() ? message : undefined
      sendDraft.mutate({ draftId: aiDraft.id, text: edited }, { onSuccess: done })
      return
    }
    reply.mutate(message, { onSuccess: done })
  }
  const draftWithAi = () => {
    drafting.mutate(undefined, {
      onSuccess: (draft) => {
        setText(draft.text)
        onAiDraft(draft)
      },
    })
  }

  return (
    <form onSubmit={submit} className="grid gap-1 border-t p-3">
      {isAiEnabled && (
        <div className="flex min-h-7 flex-wrap items-center gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={draftWithAi}
            disabled={!canDraft}
            title={canDraft || drafting.isPending ? undefined : 'Clear the reply box to draft with AI'}
          >
            <Sparkles aria-hidden="true" />
            {drafting.isPending ? 'Drafting...' : 'Draft with AI'}
          </Button>
          {isAiText && (
            <Badge variant="secondary" data-testid="ai-draft-marker">
              <Sparkles aria-hidden="true" />
              AI draft
            </Badge>
          )}
          {aiDraft && !isAiText && text.trim() !== '' && (
            <span className="text-xs text-muted-foreground">AI draft, edited</span>
          )}
        </div>
      )}
      {drafting.isError && (
        <p role="alert" className="text-xs text-destructive">
          {serverMessageOf(drafting.error) ?? drafting.error.message}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor="inbox-reply" className="sr-only">
          Reply
        </label>
        <textarea
          id="inbox-reply"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event)
          }}
          maxLength={MAX_REPLY_LENGTH}
          rows={isAiText || aiDraft ? 5 : 2}
          placeholder="Type a reply to send on Yelp..."
          className="min-h-10 min-w-0 flex-1 resize-y rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
        />
        <Button type="submit" disabled={isSending || !text.trim()}>
          <Send aria-hidden="true" />
          {isSending ? 'Sending...' : 'Send'}
        </Button>
      </div>
      {failure && (
        <p role="alert" className="text-xs text-destructive">
          {serverMessageOf(failure) ?? failure.message}
        </p>
      )}
    </form>
  )
}
