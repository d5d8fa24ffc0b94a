import type { ClientView } from '@common/clients.ts'
import { AlertTriangle, CheckCircle2, CircleDashed } from 'lucide-react'
import { Badge } from '@/components/ui/badge.tsx'
import { customFieldsStatusDisplay, STATUS_TONE_CLASSES } from '@/lib/client-status.ts'
import { cn } from '@/lib/utils.ts'

/** docs/spec/dashboard-spec.md §2.5: Connected when the provider's tokens are present, else Disconnected. */
export function ConnectionBadge({ connected, label }: { connected: boolean; label?: string }) {
  return connected ? (
    <Badge variant="success" aria-label={label ? `${label}: Connected` : undefined}>
      <CheckCircle2 aria-hidden="true" />
      Connected
    </Badge>
  ) : (
    <Badge
      variant="secondary"
      className="text-muted-foreground"
      aria-label={label ? `${label}: Disconnected` : undefined}
    >
      <CircleDashed aria-hidden="true" />
      Disconnected
    </Badge>
  )
}

/** A refused token refresh leaves the connection needing the client to authorize again (docs/spec/product.md §3). */
export function NeedsReauthBadge() {
  return (
    <Badge variant="warning">
      <AlertTriangle aria-hidden="true" />
      Needs re-auth
    </Badge>
  )
}

/**
 * Issue 17 §3: the daily check found the business's Yelp webhook subscription gone and could not
 * restore it, so no lead webhook arrives; the reason is in the title.
 */
export function SubscriptionLapsedBadge({ client }: { client: ClientView }) {
  const { subscription } = client.yelp
  if (subscription.state !== 'failed') return null
  return (
    <Badge
      variant="destructive"
      title={subscription.error ?? 'The Yelp webhook subscription could not be restored'}
      data-testid="subscription-lapsed"
    >
      <AlertTriangle aria-hidden="true" />
      Subscription lapsed
    </Badge>
  )
}

export function YelpStatus({ client }: { client: ClientView }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <ConnectionBadge connected={client.yelp.connected} label="Yelp" />
      {client.yelp.needsReauth && <NeedsReauthBadge />}
      <SubscriptionLapsedBadge client={client} />
    </div>
  )
}

/** docs/spec/dashboard-spec.md §4: the custom-field status text in its colour. */
export function CustomFieldsStatusText({ client, className }: { client: ClientView; className?: string }) {
  const { text, tone } = customFieldsStatusDisplay(client)
  return (
    <span
      data-testid="custom-fields-status"
      data-tone={tone}
      className={cn(
        'inline-flex items-center gap-1.5 text-xs font-medium',
        STATUS_TONE_CLASSES[tone],
        className,
      )}
    >
      <span className="size-1.5 rounded-full bg-current" aria-hidden="true" />
      {text}
    </span>
  )
}

export function GhlStatus({ client }: { client: ClientView }) {
  return (
    <div className="grid justify-items-start gap-1">
      <div className="flex flex-wrap items-center gap-1.5">
        <ConnectionBadge connected={client.ghl.connected} label="GoHighLevel" />
        {client.ghl.needsReauth && <NeedsReauthBadge />}
      </div>
      <CustomFieldsStatusText client={client} />
    </div>
  )
}
