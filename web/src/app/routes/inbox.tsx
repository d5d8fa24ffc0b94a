import { useLocation, useSearch } from 'wouter'
import { LeadInbox } from '@/features/inbox/components/lead-inbox.tsx'
import { inboxSearchWith, linkedLeadOf, needsReplyOf } from '@/features/inbox/utils/inbox-filters.ts'
import { useAuth } from '@/lib/auth/use-auth.ts'

/**
 * The Lead Inbox page: what the signed-in role may do decides which controls show. "Needs reply"
 * lives in the address (`/inbox?needsReply=true`), where the dashboard's card points; so does the
 * lead a link opens (`/inbox?clientId=…&leadId=…`, alerts and the Message Logs).
 */
export function InboxPage() {
  const { user } = useAuth()
  const permissions = user?.permissions
  const search = useSearch()
  const [, navigate] = useLocation()
  const linked = linkedLeadOf(search)
  return (
    <LeadInbox
      // Another lead's link while the inbox is open starts it afresh on that lead.
      key={`${linked.clientId ?? ''}/${linked.leadId ?? ''}`}
      linkedClientId={linked.clientId}
      linkedLeadId={linked.leadId}
      canSendMessages={permissions?.canSendMessages === true}
      canChangeStatus={permissions?.canManageConversations === true}
      canViewClients={permissions?.canViewClients === true}
      needsReply={needsReplyOf(search)}
      onNeedsReplyChange={(needsReply) => navigate(`/inbox${inboxSearchWith(search, needsReply)}`)}
    />
  )
}
