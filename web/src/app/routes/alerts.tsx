import { MANAGE_ALERT_CHANNELS } from '@common/permissions.ts'
import { AlertChannelsCard } from '@/features/alerts/components/alert-channels-card.tsx'
import { AlertHistory } from '@/features/alerts/components/alert-history.tsx'
import { useAuth } from '@/lib/auth/use-auth.ts'

/**
 * The Alerts screen (docs/spec/product.md §9.3): the channels for admins and managers, and
 * the alert history, scoped to the user's clients, for everyone who sees system figures.
 */
export function AlertsPage() {
  const { user } = useAuth()
  const canManageChannels = user ? MANAGE_ALERT_CHANNELS.allows(user) : false
  return (
    <div className="grid grid-cols-1 gap-6">
      {canManageChannels && <AlertChannelsCard />}
      <AlertHistory canManageChannels={canManageChannels} />
    </div>
  )
}
