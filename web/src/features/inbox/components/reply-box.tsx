import { MAX_REPLY_LENGTH } from '@common/leads.ts'
import { Send } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { useReplyToLead } from '@/features/inbox/api/reply-to-lead.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

/** Reply from the hub (docs/spec/product.md §2): sent to Yelp by the engine, shown in the thread. */
export function ReplyBox({ leadId }: { leadId: string }) {
  const [text, setText] = useState('')
  const reply = useReplyToLead(leadId)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const message = text.trim()
    if (!message) return
    reply.mutate(message, { onSuccess: () => setText('') })
  }
  return (
    <form onSubmit={submit} className="grid gap-1 border-t p-3">
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
          rows={2}
          placeholder="Type a reply to send on Yelp..."
          className="min-h-10 min-w-0 flex-1 resize-y rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
        />
        <Button type="submit" disabled={reply.isPending || !text.trim()}>
          <Send aria-hidden="true" />
          {reply.isPending ? 'Sending...' : 'Send'}
        </Button>
      </div>
      {reply.isError && (
        <p role="alert" className="text-xs text-destructive">
          {serverMessageOf(reply.error) ?? reply.error.message}
        </p>
      )}
    </form>
  )
}
