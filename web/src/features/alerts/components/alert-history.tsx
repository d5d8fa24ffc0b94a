import { ALERT_STATES, ALERT_TYPE_LABELS, ALERT_TYPES, type AlertState } from '@common/alerts.ts'
import { RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx'
import { FilterSelect } from '@/components/ui/filter-select.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useAlertChannels } from '@/features/alerts/api/get-alert-channels.ts'
import { useAlertClientChoices } from '@/features/alerts/api/get-alert-client-choices.ts'
import { type AlertFilters, useAlerts } from '@/features/alerts/api/get-alerts.ts'
import { type AlertEventGroup, groupAlertsByEvent } from '@/features/alerts/utils/group-alerts.ts'
import { serverMessageOf } from '@/lib/api-client.ts'
import { useLoadMore } from '@/lib/use-load-more.ts'

const count = new Intl.NumberFormat()
const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

const STATE_BADGES: Record<AlertState, 'success' | 'warning' | 'destructive' | 'secondary'> = {
  sent: 'success',
  pending: 'warning',
  failed: 'destructive',
  suppressed: 'secondary',
}

/** The alert history (GET /api/alerts): live, filtered on the server, more rows as one scrolls. */
export function AlertHistory({ canManageChannels }: { canManageChannels: boolean }) {
  const [filters, setFilters] = useState<AlertFilters>({})
  const alerts = useAlerts(filters)
  const channels = useAlertChannels(canManageChannels)
  const clients = useAlertClientChoices(true)
  const loadMoreRef = useLoadMore(() => {
    if (alerts.hasNextPage && !alerts.isFetchingNextPage) void alerts.fetchNextPage()
  }, alerts.hasNextPage === true)
  const items = alerts.data?.pages.flatMap((page) => page.items) ?? []
  const total = alerts.data?.pages[0]?.totalCount ?? 0
  const channelName = (id: string) => channels.data?.find((channel) => channel.id === id)?.name ?? 'Channel'
  const clientName = (id: string | null) =>
    id ? (clients.data?.find((client) => client.clientId === id)?.name ?? id) : 'All clients'

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Alert History</CardTitle>
        <CardDescription>
          {alerts.isSuccess ? `${count.format(items.length)} of ${count.format(total)} alerts` : ' '}
        </CardDescription>
        <CardAction>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void alerts.refetch()}
            disabled={alerts.isFetching}
            aria-label="Refresh alerts"
          >
            <RefreshCw className={alerts.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            <span className="hidden sm:inline">Refresh</span>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <FilterSelect
            id="alert-type"
            label="Event"
            value={filters.type}
            onChange={(type) => setFilters({ ...filters, type: type as AlertFilters['type'] })}
            options={ALERT_TYPES.map((type) => ({ value: type, label: ALERT_TYPE_LABELS[type] }))}
            allLabel="All events"
          />
          <FilterSelect
            id="alert-state"
            label="State"
            value={filters.state}
            onChange={(state) => setFilters({ ...filters, state: state as AlertFilters['state'] })}
            options={ALERT_STATES.map((state) => ({ value: state, label: state }))}
            allLabel="All states"
          />
          {canManageChannels && (
            <FilterSelect
              id="alert-channel"
              label="Channel"
              value={filters.channelId}
              onChange={(channelId) => setFilters({ ...filters, channelId })}
              options={(channels.data ?? []).map((channel) => ({ value: channel.id, label: channel.name }))}
              allLabel="All channels"
            />
          )}
          <FilterSelect
            id="alert-client"
            label="Client"
            value={filters.clientId}
            onChange={(clientId) => setFilters({ ...filters, clientId })}
            options={(clients.data ?? []).map((client) => ({ value: client.clientId, label: client.name }))}
            allLabel="All clients"
          />
        </div>
        {alerts.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Loading alerts">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-14 w-full" />
            ))}
          </div>
        ) : alerts.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm" role="alert">
            <p className="text-muted-foreground">
              The alerts could not be loaded. {serverMessageOf(alerts.error) ?? alerts.error.message}
            </p>
            <Button variant="outline" size="sm" onClick={() => void alerts.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="py-10 text-center">
            <p className="font-medium">No alerts found</p>
            <p className="text-sm text-muted-foreground">No alerts match your current filters.</p>
          </div>
        ) : (
          <div className="grid gap-2">
            <ul className="grid gap-2">
              {groupAlertsByEvent(items).map((group) => (
                <AlertEventRow
                  key={group.eventId}
                  group={group}
                  channelName={canManageChannels ? channelName : null}
                  client={clientName(group.event.clientId)}
                />
              ))}
            </ul>
            <div ref={loadMoreRef} className="flex justify-center">
              {alerts.hasNextPage && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => void alerts.fetchNextPage()}
                  disabled={alerts.isFetchingNextPage}
                >
                  {alerts.isFetchingNextPage ? 'Loading more...' : 'Load more'}
                </Button>
              )}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  )
}

/**
 * One event: what happened, for which client and when, then each channel's delivery (its state,
 * attempts and why it was held back). A role that may not see the channels reads the states only.
 */
function AlertEventRow({
  group,
  channelName,
  client,
}: {
  group: AlertEventGroup
  channelName: ((id: string) => string) | null
  client: string
}) {
  const { event, deliveries } = group
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="alert-row" data-event-id={group.eventId}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-sm font-medium">{ALERT_TYPE_LABELS[event.type]}</span>
        <code className="text-xs text-muted-foreground">{event.type}</code>
        <span className="ml-auto text-xs text-muted-foreground">
          {time.format(new Date(event.createdAt))}
        </span>
      </div>
      <p className="text-sm break-words">{event.summary}</p>
      <p className="text-xs break-words text-muted-foreground">
        {client} · {deliveries.length === 1 ? '1 delivery' : `${deliveries.length} deliveries`}
      </p>
      <ul className="grid gap-1 border-t pt-2" aria-label="Deliveries">
        {deliveries.map((delivery) => (
          <li
            key={delivery.id}
            className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-2 text-xs"
            data-testid="alert-delivery"
          >
            <Badge variant={STATE_BADGES[delivery.state]}>{delivery.state}</Badge>
            <span className="min-w-0 break-words">
              {channelName && <span className="font-medium">{channelName(delivery.channelId)} </span>}
              <span className="text-muted-foreground">
                {delivery.attempts} attempt{delivery.attempts === 1 ? '' : 's'}
                {delivery.reason ? ` · ${delivery.reason}` : ''}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </li>
  )
}
