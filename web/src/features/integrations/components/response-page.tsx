import { summarizePlaybook } from '@common/playbook.ts'
import { ArrowLeft, LoaderCircle } from 'lucide-react'
import { Link } from 'wouter'
import { Badge } from '@/components/ui/badge.tsx'
import { useClient } from '@/features/integrations/api/get-client.ts'
import { usePlaybook } from '@/features/integrations/api/get-playbook.ts'
import { PlaybookTab } from '@/features/integrations/components/playbook-tab.tsx'
import { serverMessageOf } from '@/lib/api-client.ts'
import { automationSummaryText } from '@/lib/automation-summary.ts'

/**
 * The Response page of one client (docs/spec/product.md §9.2): the playbook on a page of its own,
 * reached from the client list, a waiting lead without automation and the dashboard, with
 * whether automation is on as saved.
 */
export function ResponsePage({ clientId }: { clientId: string }) {
  const { client, isPending, isError, error } = useClient(clientId)
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-[minmax(0,1fr)] gap-5">
      <Link
        href="/clients"
        className="flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All clients
      </Link>
      {client ? (
        <>
          <div className="grid justify-items-start gap-1.5">
            <h2
              className="max-w-full text-lg leading-snug font-semibold break-words"
              data-testid="response-client-name"
            >
              {client.name}
            </h2>
            <p
              className="max-w-full truncate font-mono text-xs text-muted-foreground"
              title={client.clientId}
            >
              {client.clientId}
            </p>
            <SavedAutomationBadge clientId={client.clientId} />
          </div>
          <PlaybookTab client={client} />
        </>
      ) : isPending ? (
        <div className="flex items-center justify-center py-16 text-sm text-muted-foreground">
          <LoaderCircle className="mr-2 size-5 animate-spin" aria-hidden="true" />
          Loading the client...
        </div>
      ) : (
        <p role="alert" className="rounded-lg border border-dashed px-4 py-10 text-center text-sm">
          {isError
            ? `The client could not be loaded: ${serverMessageOf(error) ?? error?.message ?? 'unknown error'}`
            : `Client ${clientId} does not exist, or is not assigned to you.`}
        </p>
      )}
    </div>
  )
}

/** On or off as saved (not as being edited): what leads get right now. */
function SavedAutomationBadge({ clientId }: { clientId: string }) {
  const playbook = usePlaybook(clientId)
  if (!playbook.data) return null
  const { isOn, state, detail } = automationSummaryText(summarizePlaybook(clientId, playbook.data))
  return (
    <Badge
      variant={isOn ? 'success' : 'secondary'}
      className="max-w-full whitespace-normal"
      data-testid="response-automation-state"
    >
      Automation {state.toLowerCase()}: {detail}
    </Badge>
  )
}
