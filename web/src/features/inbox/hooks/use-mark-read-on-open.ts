import { type Lead, lastConsumerEventId } from '@common/leads.ts'
import { useEffect, useRef, useState } from 'react'
import { useMarkLeadRead } from '@/features/inbox/api/mark-lead-read.ts'

/**
 * Read receipts (docs/decisions/0012; Yelp: "only mark read when a human actually read it"): while a lead
 * is open on a visible page, its newest consumer message is reported read, once per message. A
 * lead in a background tab waits until the tab is looked at; a lead never opened is never sent.
 */
export function useMarkReadOnOpen(lead: Lead | undefined): void {
  const markRead = useMarkLeadRead()
  const sent = useRef(new Set<string>())
  const [isVisible, setIsVisible] = useState(() => document.visibilityState === 'visible')

  useEffect(() => {
    const onChange = () => setIsVisible(document.visibilityState === 'visible')
    document.addEventListener('visibilitychange', onChange)
    return () => document.removeEventListener('visibilitychange', onChange)
  }, [])

  const leadId = lead?.leadId
  const eventId = lead ? lastConsumerEventId(lead.events) : null
  const state = lead?.readReceipt.state
  const { mutate } = markRead
  useEffect(() => {
    if (!leadId || !eventId || state !== 'unread' || !isVisible) return
    const key = `${leadId}:${eventId}`
    if (sent.current.has(key)) return
    sent.current.add(key)
    mutate(
      { leadId, eventId },
      // Not shown to the person (nothing they asked for); a later open tries again.
      { onError: () => sent.current.delete(key) },
    )
  }, [leadId, eventId, state, isVisible, mutate])
}
