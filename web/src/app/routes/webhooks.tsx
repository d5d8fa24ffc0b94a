import { useAuth } from '@/features/auth/hooks/use-auth.ts'
import { RequestLogs } from '@/features/request-logs/components/request-logs.tsx'

export function WebhooksPage() {
  const { user } = useAuth()
  return <RequestLogs canTestWebhook={user?.permissions.canManageWebhooks === true} />
}
