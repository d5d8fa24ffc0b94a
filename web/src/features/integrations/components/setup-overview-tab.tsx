import type { ClientView, OnboardingLinkStatus } from '@common/clients.ts'
import { LoaderCircle, RefreshCw } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  ConnectionBadge,
  CustomFieldsStatusText,
  NeedsReauthBadge,
  SubscriptionLapsedBadge,
} from '@/components/connection-badges.tsx'
import { Button } from '@/components/ui/button.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useIssueOnboardingLink } from '@/features/integrations/api/issue-onboarding-link.ts'
import { CopyField } from '@/features/integrations/components/copy-field.tsx'
import { serverMessageOf } from '@/lib/api-client.ts'
import { formatDateTime } from '@/lib/date-format.ts'

/** docs/spec/dashboard-spec.md §2.6 Overview: both connections at a glance and the shareable onboarding URL. */
export function SetupOverviewTab({ client }: { client: ClientView }) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <ProviderCard
          title="Yelp"
          badge={
            <>
              <ConnectionBadge connected={client.yelp.connected} label="Yelp" />
              {client.yelp.needsReauth && <NeedsReauthBadge />}
              <SubscriptionLapsedBadge client={client} />
            </>
          }
          rows={[
            ['Business ID', client.yelp.businessId ?? 'Not set'],
            ['Webhooks', webhooksText(client)],
            ['Token expires', formatDateTime(client.yelp.expiresAt) ?? '—'],
          ]}
        />
        <ProviderCard
          title="GoHighLevel"
          badge={
            <>
              <ConnectionBadge connected={client.ghl.connected} label="GoHighLevel" />
              {client.ghl.needsReauth && <NeedsReauthBadge />}
            </>
          }
          rows={[
            ['Location ID', client.ghl.locationId ?? 'Not set'],
            ['Custom fields', <CustomFieldsStatusText key="cf" client={client} />],
            ['Token expires', formatDateTime(client.ghl.expiresAt) ?? '—'],
          ]}
        />
      </div>
      <section aria-label="Onboarding URL" className="grid gap-2 rounded-lg border bg-card p-4">
        <div className="grid gap-1">
          <h3 className="text-sm font-semibold">Onboarding URL</h3>
          <p className="text-sm text-muted-foreground">
            Share this link with the client so they can connect their Yelp and GoHighLevel accounts
            themselves.
          </p>
        </div>
        <CopyField
          id={`onboarding-url-${client.clientId}`}
          value={client.onboardingUrl}
          label="onboarding URL"
        />
        <OnboardingLinkState client={client} />
      </section>
    </div>
  )
}

// Issue 11 §6: a link expires after 7 days and stops working once both accounts are connected;
// "New link" issues a fresh one and revokes the old.
const LINK_STATUS_TEXT: Record<OnboardingLinkStatus, (expires: string) => string> = {
  active: (expires) => `Link expires ${expires}`,
  expired: (expires) => `Link expired ${expires}`,
  completed: () => 'Link used: both accounts are connected',
}

function OnboardingLinkState({ client }: { client: ClientView }) {
  const issue = useIssueOnboardingLink()
  const expires = formatDateTime(client.onboardingExpiresAt) ?? '—'
  const onNewLink = () =>
    issue.mutateAsync(client.clientId).then(
      () => toast({ title: 'New onboarding link', description: 'The previous link no longer works.' }),
      (error: unknown) =>
        toast({
          title: 'Failed to create a new link',
          description: serverMessageOf(error) ?? `Issuing a link for client ${client.clientId} failed`,
          variant: 'destructive',
        }),
    )
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p
        className={
          client.onboardingStatus === 'active' ? 'text-sm text-muted-foreground' : 'text-sm text-destructive'
        }
      >
        {LINK_STATUS_TEXT[client.onboardingStatus](expires)}
      </p>
      {/* Integration Setup opens only for roles that manage integrations, as the route requires. */}
      <Button type="button" variant="outline" size="sm" onClick={onNewLink} disabled={issue.isPending}>
        {issue.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
        New link
      </Button>
    </div>
  )
}

function ProviderCard({
  title,
  badge,
  rows,
}: {
  title: string
  badge: ReactNode
  rows: [string, ReactNode][]
}) {
  return (
    <section aria-label={`${title} status`} className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{title}</h3>
        <div className="flex flex-wrap gap-1.5">{badge}</div>
      </div>
      <dl className="grid gap-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-center justify-between gap-3">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 truncate text-right font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** Subscribed, or what the daily check found (issue 17 §3). */
function webhooksText(client: ClientView): string {
  if (!client.yelp.webhookSubscribed) return 'Not subscribed'
  const { subscription } = client.yelp
  if (subscription.state === 'failed') return `Lapsed: ${subscription.error ?? 'could not be restored'}`
  if (subscription.state === 'restoring') return 'Subscribed (restoring after a lapse)'
  return 'Subscribed'
}
