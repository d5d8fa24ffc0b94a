import type { ClientView } from '@common/clients.ts'
import type { PlaybookSummary } from '@common/playbook.ts'
import { GhlStatus, YelpStatus } from '@/components/connection-badges.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx'
import { AutomationStatus } from '@/features/clients/components/automation-status.tsx'
import {
  type ClientActionHandlers,
  ClientRowActions,
} from '@/features/clients/components/client-row-actions.tsx'
import { LastActivity } from '@/features/clients/components/last-activity.tsx'
import { ResponseTimeFigure } from '@/features/clients/components/response-time-figure.tsx'
import { YelpFigures } from '@/features/clients/components/yelp-figures.tsx'
import { RESPONSE_RATE_HINT, YELP_RESPONSE_TIME_HINT } from '@/lib/figures-format.ts'

/** docs/spec/dashboard-spec.md §2.5: the desktop table. */
export function ClientTable({
  clients,
  automation,
  ...handlers
}: { clients: ClientView[]; automation: ClientAutomation } & ClientActionHandlers) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-full pl-6">Client</TableHead>
          <TableHead>Yelp Status</TableHead>
          <TableHead>GHL Status</TableHead>
          <TableHead>Last Activity</TableHead>
          <TableHead title="Median response time, last 7 days">Response time</TableHead>
          <TableHead
            className="whitespace-nowrap"
            title={`Yelp response time: ${YELP_RESPONSE_TIME_HINT}. Response rate: ${RESPONSE_RATE_HINT}.`}
          >
            Yelp response time
          </TableHead>
          <TableHead title="Automatic first replies and follow-ups (the Response page)">Auto-reply</TableHead>
          <TableHead className="pr-6 text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {clients.map((client) => (
          <TableRow key={client.clientId} data-client-id={client.clientId}>
            {/* max-w-0 + w-full: the name column takes the table's free width (at least 11rem), then wraps. */}
            <TableCell className="w-full max-w-0 min-w-44 py-3 pl-6">
              <div className="flex items-center gap-3">
                <ClientAvatar name={client.name} />
                <div className="min-w-0">
                  {/* Two lines before it is cut: a long business name still says whose row it is. */}
                  <div className="line-clamp-2 font-medium break-words whitespace-normal" title={client.name}>
                    {client.name}
                  </div>
                  <div className="truncate font-mono text-xs text-muted-foreground" title={client.clientId}>
                    {client.clientId}
                  </div>
                </div>
              </div>
            </TableCell>
            <TableCell>
              <YelpStatus client={client} />
            </TableCell>
            <TableCell>
              <GhlStatus client={client} />
            </TableCell>
            <TableCell>
              <LastActivity value={client.lastActivity} />
            </TableCell>
            <TableCell>
              <ResponseTimeFigure clientId={client.clientId} />
            </TableCell>
            <TableCell>
              <YelpFigures clientId={client.clientId} />
            </TableCell>
            <TableCell className="max-w-36 whitespace-normal">
              <AutomationStatus
                clientId={client.clientId}
                clientName={client.name}
                summary={automation.byClient.get(client.clientId)}
                isKnown={automation.isKnown}
              />
            </TableCell>
            <TableCell className="pr-6">
              <ClientRowActions client={client} {...handlers} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** Each client's automation on/off (GET /api/playbooks/summary), and whether it is known yet. */
export interface ClientAutomation {
  byClient: ReadonlyMap<string, PlaybookSummary>
  isKnown: boolean
}

export function ClientAvatar({ name }: { name: string }) {
  return (
    <span
      className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-sm font-semibold text-accent-foreground uppercase"
      aria-hidden="true"
    >
      {name.trim().charAt(0) || '?'}
    </span>
  )
}
