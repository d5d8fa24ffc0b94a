import { useLocation, useSearch } from 'wouter'
import { LeadInbox } from '@/features/inbox/components/lead-inbox.tsx'
import { inboxSearchWith, needsReplyOf } from '@/features/inbox/utils/inbox-filters.ts'
import { useAuth } from '@/lib/auth/use-auth.ts'

/**
 * The Lead Inbox page: what the signed-in role may do decides which controls show. "Needs reply"
 * lives in the address (`/inbox?needsReply=true`), where the dashboard's card points.
 */
export function InboxPage() {
  const { user } = useAuth()
  const permissions = user?.permissions
  const search = useSearch()
  const [, navigate] = useLocation()
  return (
    <LeadInbox
      canSendMessages={permissions?.canSendMessages === true}
      canChangeStatus={permissions?.canManageConversations === true}
      canViewClients={permissions?.canViewClients === true}
      needsReply={needsReplyOf(search)}
      onNeedsReplyChange={(needsReply) => navigate(`/inbox${inboxSearchWith(search, needsReply)}`)}
    />
  )
}
