import { LeadInbox } from '@/features/inbox/components/lead-inbox.tsx'
import { useAuth } from '@/lib/auth/use-auth.ts'

/** The Lead Inbox page: what the signed-in role may do decides which controls show. */
export function InboxPage() {
  const { user } = useAuth()
  const permissions = user?.permissions
  return (
    <LeadInbox
      canSendMessages={permissions?.canSendMessages === true}
      canChangeStatus={permissions?.canManageConversations === true}
      canViewClients={permissions?.canViewClients === true}
    />
  )
}
