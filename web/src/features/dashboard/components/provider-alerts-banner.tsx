import type { ProviderAlertList } from '@common/stats.ts'
import { ShieldAlert } from 'lucide-react'
import { useProviderAlerts } from '@/features/dashboard/api/get-provider-alerts.ts'

const PROVIDER_NAMES: Record<ProviderAlertList['alerts'][number]['provider'], string> = {
  yelp: 'Yelp',
  ghl: 'GoHighLevel',
}

/**
 * The operator alert (docs/decisions/0017): a provider's token endpoint refused this server's own
 * app credentials (`invalid_client`: a mistyped or rotated client secret). No client needs to
 * re-authorize; whoever holds the server's configuration must fix the secret. Nothing shows while
 * there is no alert.
 */
export function ProviderAlertsBanner() {
  const { data } = useProviderAlerts()
  if (!data?.alerts.length) return null
  return (
    <section
      role="alert"
      aria-label="Operator alerts"
      data-testid="provider-alerts"
      className="grid gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm"
    >
      {data.alerts.map((alert) => (
        <div key={alert.provider} className="flex items-start gap-3">
          <ShieldAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
          <div className="grid min-w-0 gap-1">
            <p className="font-semibold text-destructive">
              {PROVIDER_NAMES[alert.provider]} refused this server’s app credentials
            </p>
            <p className="break-words">{alert.message}</p>
            <p className="text-xs text-muted-foreground">
              Since {new Date(alert.since).toLocaleString()}. Correct the client ID and secret in the server’s
              configuration, then refresh a client’s tokens (Clients, Refresh tokens); clients do not need to
              authorize again.
            </p>
          </div>
        </div>
      ))}
    </section>
  )
}
