import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useWaitingLeadCount } from '@/features/inbox/api/get-leads.ts'
import { LeadInbox } from '@/features/inbox/components/lead-inbox.tsx'
import { inboxSearchWith, inboxViewOf, linkedLeadOf } from '@/features/inbox/utils/inbox-filters.ts'
import { useAuth } from '@/lib/auth/use-auth.ts'

/**
 * The Lead Inbox page: what the signed-in role may do decides which controls show. "Needs reply"
 * and "Draft ready" live in the address (`/inbox?needsReply=true`, where the dashboard's card
 * points); so does the lead a link opens (`/inbox?clientId=…&leadId=…`, alerts and the Message
 * Logs). An address that does not say opens on "Needs reply" when any lead waits (issue 35: the
 * most urgent lead first), written into the address so Back and a reload keep it.
 */
export function InboxPage() {
  const { user } = useAuth()
  const permissions = user?.permissions
  const search = useSearch()
  const [, navigate] = useLocation()
  const linked = linkedLeadOf(search)
  const view = inboxViewOf(search)
  // A linked lead opens among all leads (it may not be waiting); otherwise the count decides.
  const needsDefault = view.needsReply === undefined && !linked.leadId
  const waiting = useWaitingLeadCount(linked.clientId, { enabled: needsDefault })
  // Only while the address does not say (the inbox reads the same count, cached, for its toggle);
  // undefined until the count is known, false when it cannot be had.
  let defaultNeedsReply: boolean | undefined = false
  if (needsDefault && !waiting.isError)
    defaultNeedsReply = waiting.data === undefined ? undefined : waiting.data > 0
  useEffect(() => {
    if (needsDefault && defaultNeedsReply !== undefined)
      navigate(`/inbox${inboxSearchWith(search, { needsReply: defaultNeedsReply })}`, { replace: true })
  }, [needsDefault, defaultNeedsReply, navigate, search])

  if (needsDefault && defaultNeedsReply === undefined)
    return <p className="p-6 text-center text-sm text-muted-foreground">Loading leads...</p>
  return (
    <LeadInbox
      // Another lead's link while the inbox is open starts it afresh on that lead.
      key={`${linked.clientId ?? ''}/${linked.leadId ?? ''}`}
      linkedClientId={linked.clientId}
      linkedLeadId={linked.leadId}
      canSendMessages={permissions?.canSendMessages === true}
      canChangeStatus={permissions?.canManageConversations === true}
      canViewClients={permissions?.canViewClients === true}
      needsReply={view.needsReply ?? defaultNeedsReply ?? false}
      hasDraft={view.hasDraft}
      onViewChange={(change) => navigate(`/inbox${inboxSearchWith(search, change)}`)}
    />
  )
}
