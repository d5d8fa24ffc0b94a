import type { ClientView } from '@common/clients.ts'
import type { ReactNode } from 'react'
import {
  ConnectionBadge,
  CustomFieldsStatusText,
  NeedsReauthBadge,
} from '@/features/clients/components/connection-badges.tsx'
import { CopyField } from '@/features/clients/components/copy-field.tsx'
import { formatDateTime } from '@/features/clients/utils/format.ts'

/** Spec §2.6 Overview: both connections at a glance and the shareable onboarding URL. */
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
            </>
          }
          rows={[
            ['Business ID', client.yelp.businessId ?? 'Not set'],
            ['Webhooks', client.yelp.webhookSubscribed ? 'Subscribed' : 'Not subscribed'],
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
      </section>
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
