import { type Draft, sendDraftSchema } from '@common/lead-automation.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { Send, Trash2 } from 'lucide-react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useDiscardDraft } from '@/features/inbox/api/discard-draft.ts'
import { useSendDraft } from '@/features/inbox/api/send-draft.ts'
import { DRAFT_KIND_LABELS } from '@/features/inbox/utils/automation-display.ts'
import { formatDateTime, relativeTime } from '@/features/inbox/utils/lead-display.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

type DraftForm = z.input<typeof sendDraftSchema>

/**
 * One draft of suggest mode (docs/spec/product.md §9.2): its text editable, Send through the
 * inbox reply path, Discard. The edited text is sent only when it differs from the draft.
 */
export function DraftCard({ leadId, draft }: { leadId: string; draft: Draft }) {
  const send = useSendDraft(leadId)
  const discard = useDiscardDraft(leadId)
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DraftForm, unknown, z.output<typeof sendDraftSchema>>({
    resolver: zodResolver(sendDraftSchema),
    defaultValues: { text: draft.text },
  })
  const fieldId = `draft-${draft.id}`
  const isBusy = send.isPending || discard.isPending
  const failure = send.error ?? discard.error

  const onSend = handleSubmit(({ text }) => {
    const edited = text !== undefined && text !== draft.text.trim() ? text : undefined
    send.mutate(
      { draftId: draft.id, text: edited },
      { onSuccess: () => toast({ title: 'Draft sent', description: 'The reply is on its way to Yelp.' }) },
    )
  })

  return (
    <form
      onSubmit={onSend}
      noValidate
      className="grid gap-2 rounded-md border bg-card p-2"
      aria-label="Draft"
    >
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        <Badge variant="secondary" data-testid="draft-kind">
          {DRAFT_KIND_LABELS[draft.kind]}
        </Badge>
        <span className="text-muted-foreground" title={formatDateTime(draft.createdAt)}>
          made {relativeTime(draft.createdAt)}
        </span>
      </div>
      <label htmlFor={fieldId} className="sr-only">
        {DRAFT_KIND_LABELS[draft.kind]} draft
      </label>
      <textarea
        id={fieldId}
        rows={3}
        aria-invalid={errors.text ? true : undefined}
        aria-describedby={errors.text ? `${fieldId}-error` : undefined}
        className="min-h-16 w-full min-w-0 resize-y rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
        {...register('text')}
      />
      {errors.text?.message && (
        <p id={`${fieldId}-error`} className="text-xs text-destructive">
          {errors.text.message}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-xs text-destructive">
          {serverMessageOf(failure) ?? failure.message}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={isBusy}
          onClick={() => discard.mutate(draft.id)}
        >
          <Trash2 aria-hidden="true" />
          {discard.isPending ? 'Discarding...' : 'Discard'}
        </Button>
        <Button type="submit" size="sm" disabled={isBusy}>
          <Send aria-hidden="true" />
          {send.isPending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  )
}
