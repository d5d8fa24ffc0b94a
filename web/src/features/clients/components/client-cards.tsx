import type { ClientView } from '@common/clients.ts'
import { ExternalLink, Plug, Settings2, Trash2 } from 'lucide-react'
import {
  ConnectionBadge,
  CustomFieldsStatusText,
  NeedsReauthBadge,
  SubscriptionLapsedBadge,
} from '@/components/connection-badges.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card } from '@/components/ui/card.tsx'
import { AutomationStatus } from '@/features/clients/components/automation-status.tsx'
import { type ClientAutomation, ClientAvatar } from '@/features/clients/components/client-table.tsx'
import { LastActivity } from '@/features/clients/components/last-activity.tsx'
import { ResponseTimeFigure } from '@/features/clients/components/response-time-figure.tsx'
import { YelpFigures } from '@/features/clients/components/yelp-figures.tsx'
import { useClientPermissions } from '@/features/clients/hooks/use-client-permissions.ts'

export interface ClientCardHandlers {
  onSetup: (client: ClientView) => void
  onGhl: (client: ClientView) => void
  onDelete: (client: ClientView) => void
}

/** docs/spec/dashboard-spec.md §2.5: on phones each client is a card with Configure, GHL and Delete Client. */
export function ClientCards({
  clients,
  automation,
  ...handlers
}: { clients: ClientView[]; automation: ClientAutomation } & ClientCardHandlers) {
  return (
    <ul className="grid grid-cols-[minmax(0,1fr)] gap-3">
      {clients.map((client) => (
        <li key={client.clientId} data-client-id={client.clientId}>
          <ClientCard client={client} automation={automation} {...handlers} />
        </li>
      ))}
    </ul>
  )
}

function ClientCard({
  client,
  automation,
  onSetup,
  onGhl,
  onDelete,
}: { client: ClientView; automation: ClientAutomation } & ClientCardHandlers) {
  const { canDelete, canManageIntegrations } = useClientPermissions()
  return (
    <Card className="gap-4 py-4">
      <div className="flex items-start gap-3 px-4">
        <ClientAvatar name={client.name} />
        <div className="min-w-0 flex-1">
          <div className="line-clamp-2 font-medium break-words" title={client.name}>
            {client.name}
          </div>
          <div className="truncate font-mono text-xs text-muted-foreground" title={client.clientId}>
            {client.clientId}
          </div>
        </div>
        <Button asChild variant="ghost" size="icon" className="-mt-1 -mr-2 size-8 text-muted-foreground">
          <a
            href={client.onboardingUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Open onboarding page for ${client.name}`}
          >
            <ExternalLink />
          </a>
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 px-4 text-sm">
        <div className="grid gap-1.5">
          <dt className="text-xs text-muted-foreground">Yelp</dt>
          <dd className="flex flex-wrap gap-1.5">
            <ConnectionBadge connected={client.yelp.connected} label="Yelp" />
            {client.yelp.needsReauth && <NeedsReauthBadge />}
            <SubscriptionLapsedBadge client={client} />
          </dd>
        </div>
        <div className="grid gap-1.5">
          <dt className="text-xs text-muted-foreground">GoHighLevel</dt>
          <dd className="flex flex-wrap gap-1.5">
            <ConnectionBadge connected={client.ghl.connected} label="GoHighLevel" />
            {client.ghl.needsReauth && <NeedsReauthBadge />}
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-xs text-muted-foreground">Custom fields</dt>
          <dd>
            <CustomFieldsStatusText client={client} />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-xs text-muted-foreground">Last Activity</dt>
          <dd className="leading-none">
            <LastActivity value={client.lastActivity} />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-xs text-muted-foreground">Response time (7 days)</dt>
          <dd>
            <ResponseTimeFigure clientId={client.clientId} />
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-xs text-muted-foreground">Yelp response time · rate</dt>
          <dd>
            <YelpFigures clientId={client.clientId} />
          </dd>
        </div>
        <div className="col-span-2 grid gap-1">
          <dt className="text-xs text-muted-foreground">Auto-reply</dt>
          <dd>
            <AutomationStatus
              clientId={client.clientId}
              clientName={client.name}
              summary={automation.byClient.get(client.clientId)}
              isKnown={automation.isKnown}
            />
          </dd>
        </div>
      </dl>
      {(canManageIntegrations || canDelete) && (
        <div className="flex flex-wrap gap-2 border-t px-4 pt-4">
          {canManageIntegrations && (
            <>
              <Button variant="outline" size="sm" className="flex-1" onClick={() => onSetup(client)}>
                <Settings2 />
                Configure
              </Button>
              <Button variant="outline" size="sm" className="flex-1" onClick={() => onGhl(client)}>
                <Plug />
                GHL
              </Button>
            </>
          )}
          {canDelete && (
            <Button
              variant="outline"
              size="sm"
              className="flex-1 text-destructive hover:bg-destructive/10 hover:text-destructive"
              onClick={() => onDelete(client)}
            >
              <Trash2 />
              Delete Client
            </Button>
          )}
        </div>
      )}
    </Card>
  )
}
