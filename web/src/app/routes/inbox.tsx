import { useAuth } from '@/features/auth/hooks/use-auth.ts'
import { LeadInbox } from '@/features/inbox/components/lead-inbox.tsx'

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
