import type { HubReply, LeadDetail } from '@common/leads.ts'
import { ArrowLeft, Info, MessageSquare } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { useRetryReply } from '@/features/inbox/api/retry-reply.ts'
import { AttachmentPreview } from '@/features/inbox/components/attachment-preview.tsx'
import { MessageBubble } from '@/features/inbox/components/message-bubble.tsx'
import { MessageText } from '@/features/inbox/components/message-text.tsx'
import { ReplyArea } from '@/features/inbox/components/reply-area.tsx'
import {
  displayName,
  eventLabel,
  eventsInTimeOrder,
  eventText,
  formatDateTime,
  replyOriginText,
  shortEventId,
} from '@/features/inbox/utils/lead-display.ts'

/** docs/spec/dashboard-spec.md §2.14 column 2: the conversation, with the hub's replies and the reply box. */
export function ConversationPanel({
  lead,
  isLoading,
  canReply,
  onBack,
  onShowDetails,
}: {
  lead: LeadDetail | undefined
  isLoading: boolean
  canReply: boolean
  onBack: () => void
  onShowDetails: () => void
}) {
  const endRef = useRef<HTMLLIElement>(null)
  const count = (lead?.events.length ?? 0) + (lead?.replies.length ?? 0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message (count) scrolls to it.
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' })
  }, [count, lead?.leadId])

  if (!lead) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm text-muted-foreground">
        <MessageSquare className="size-8" aria-hidden="true" />
        {isLoading ? 'Loading conversation...' : 'Select a lead to view conversation'}
      </div>
    )
  }
  const eventIds = new Set(lead.events.map((event) => event.id))
  // A reply Yelp already lists is shown as its event; the others (pending, failed) as themselves.
  const ownReplies = lead.replies.filter((reply) => !reply.yelpEventId || !eventIds.has(reply.yelpEventId))
  // Yelp's event of a reply sent from the hub says who sent it.
  const replyOfEvent = new Map(
    lead.replies.flatMap((reply) => (reply.yelpEventId ? [[reply.yelpEventId, reply] as const] : [])),
  )
  const events = eventsInTimeOrder(lead.events)
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b px-3 py-2">
        <Button variant="ghost" size="icon" className="lg:hidden" onClick={onBack} aria-label="Back to leads">
          <ArrowLeft />
        </Button>
        <h3 className="min-w-0 flex-1 truncate text-sm font-semibold">{displayName(lead)}</h3>
        <Button variant="ghost" size="sm" className="lg:hidden" onClick={onShowDetails}>
          <Info aria-hidden="true" />
          Details
        </Button>
      </div>
      <ol className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto p-3" aria-label="Conversation">
        {events.length === 0 && ownReplies.length === 0 && (
          <li className="m-auto text-sm text-muted-foreground">No messages in this conversation</li>
        )}
        {events.map((event) => (
          <MessageBubble
            key={event.id}
            isBusiness={event.user_type === 'BIZ'}
            label={eventLabel(event)}
            meta={withOrigin(
              `${formatDateTime(event.time_created)} · ${shortEventId(event.id)}`,
              replyOfEvent.get(event.id),
            )}
          >
            {eventText(event) && <MessageText text={eventText(event)} />}
            {(event.event_content?.attachments ?? []).map((attachment, index) => (
              <AttachmentPreview key={attachment.id ?? attachment.url ?? index} attachment={attachment} />
            ))}
          </MessageBubble>
        ))}
        {ownReplies.map((reply) => (
          <HubReplyBubble key={reply.messageId} leadId={lead.leadId} reply={reply} />
        ))}
        <li ref={endRef} aria-hidden="true" />
      </ol>
      {canReply && <ReplyArea key={lead.leadId} lead={lead} />}
    </div>
  )
}

function withOrigin(meta: string, reply: HubReply | undefined): string {
  return reply ? `${meta} · ${replyOriginText(reply)}` : meta
}

const REPLY_STATE: Record<HubReply['status'], string> = {
  pending: 'Sending…',
  success: 'Sent',
  error: 'Failed',
}

function HubReplyBubble({ leadId, reply }: { leadId: string; reply: HubReply }) {
  const retry = useRetryReply(leadId)
  return (
    <MessageBubble
      isBusiness
      label="Message"
      meta={withOrigin(`${formatDateTime(reply.createdAt)} · ${REPLY_STATE[reply.status]}`, reply)}
      footer={
        reply.status === 'error' ? (
          <div className="grid gap-1 rounded bg-destructive/90 px-2 py-1 text-xs text-white" role="alert">
            <span>{reply.error}</span>
            <Button
              size="sm"
              variant="secondary"
              className="h-7 w-fit"
              disabled={retry.isPending}
              onClick={() => retry.mutate(reply.messageId)}
            >
              Retry
            </Button>
          </div>
        ) : null
      }
    >
      <MessageText text={reply.text} />
    </MessageBubble>
  )
}
