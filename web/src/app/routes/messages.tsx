import { useAuth } from '@/features/auth/hooks/use-auth.ts'
import { MessageLogs } from '@/features/message-logs/components/message-logs.tsx'

export function MessagesPage() {
  const { user } = useAuth()
  return (
    <MessageLogs
      canRetry={user?.permissions.canManageWebhooks === true}
      canListClients={user?.permissions.canViewClients === true}
    />
  )
}
