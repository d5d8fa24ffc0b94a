import { MessageLogs } from '@/features/message-logs/components/message-logs.tsx'
import { useAuth } from '@/lib/auth/use-auth.ts'

export function MessagesPage() {
  const { user } = useAuth()
  return (
    <MessageLogs
      canRetry={user?.permissions.canManageWebhooks === true}
      canListClients={user?.permissions.canViewClients === true}
    />
  )
}
