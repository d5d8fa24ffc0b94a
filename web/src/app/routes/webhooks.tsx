import { RequestLogs } from '@/features/request-logs/components/request-logs.tsx'
import { useAuth } from '@/lib/auth/use-auth.ts'

export function WebhooksPage() {
  const { user } = useAuth()
  return <RequestLogs canTestWebhook={user?.permissions.canManageWebhooks === true} />
}
