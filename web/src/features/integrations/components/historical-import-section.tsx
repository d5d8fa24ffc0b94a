import type { ClientView } from '@common/clients.ts'
import type { ImportStatus } from '@common/imports.ts'
import { AlertCircle, CheckCircle2, Download, LoaderCircle } from 'lucide-react'
import { useEffect, useReducer } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useImportStatus } from '@/features/integrations/api/get-import-status.ts'
import { useImportHistoricalLeads } from '@/features/integrations/api/import-historical-leads.ts'
import {
  IMPORT_POLL_MS,
  importProgressText,
  isImportSettling,
} from '@/features/integrations/utils/import-progress.ts'
import { serverMessageOf } from '@/lib/api-client.ts'
import { formatDateTime } from '@/lib/date-format.ts'
import { cn } from '@/lib/utils.ts'

/** docs/spec/dashboard-spec.md §2.6 Yelp tab: Historical Lead Import, shown once the Yelp access token exists. */
export function HistoricalImportSection({ client }: { client: ClientView }) {
  const start = useImportHistoricalLeads()
  const status = useImportStatus(client.clientId)
  const isRunning = status.data?.status === 'running'

  const run = () =>
    start.mutateAsync(client.clientId).then(
      ({ businessId }) =>
        toast({
          title: 'Historical lead import started',
          description: `Importing the leads of ${businessId}. Check the Lead Inbox as they arrive.`,
        }),
      (error: unknown) =>
        toast({
          title: 'Failed to start historical lead import',
          description: serverMessageOf(error) ?? 'The import could not be started',
          variant: 'destructive',
        }),
    )

  return (
    <section aria-label="Historical Lead Import" className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">Historical Lead Import</h3>
        <p className="text-sm text-muted-foreground">
          Import the leads this business received before it was connected. Each lead is stored and forwarded
          to GoHighLevel like a new one.
        </p>
      </div>
      <Button
        size="sm"
        variant="outline"
        className="w-fit"
        disabled={start.isPending || isRunning || status.isPending}
        onClick={run}
      >
        {start.isPending || isRunning ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Download aria-hidden="true" />
        )}
        {start.isPending ? 'Starting...' : isRunning ? 'Importing...' : 'Import Historical Leads'}
      </Button>
      {status.isError ? (
        <p className="text-sm text-destructive">
          {serverMessageOf(status.error) ?? 'The import status could not be loaded.'}
        </p>
      ) : (
        status.data && <ImportProgress status={status.data} />
      )}
    </section>
  )
}

function ImportProgress({ status }: { status: ImportStatus }) {
  const text = importProgressText(status)
  const isSettling = isImportSettling(status, Date.now())
  // The poll stops without a new answer once the settle window ends; re-render to notice.
  const [, rerender] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    if (!isSettling) return
    const timer = setTimeout(rerender, IMPORT_POLL_MS)
    return () => clearTimeout(timer)
  })
  if (!text) return null
  const isMoving = status.status === 'running' || isSettling
  const stored = status.leadsFound > 0 ? Math.min(1, status.storedLeads / status.leadsFound) : 0
  const when =
    status.status === 'running'
      ? formatDateTime(status.startedAt) && `Started ${formatDateTime(status.startedAt)}`
      : formatDateTime(status.finishedAt) && `Finished ${formatDateTime(status.finishedAt)}`

  return (
    <div className="grid gap-2 rounded-md bg-muted/40 p-3">
      <p
        role="status"
        data-testid="import-progress"
        className={cn(
          'flex items-start gap-2 text-sm',
          status.status === 'failed' && 'text-destructive',
          status.status === 'completed' && !isSettling && 'text-success',
        )}
      >
        {isMoving ? (
          <LoaderCircle className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden="true" />
        ) : status.status === 'failed' ? (
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        ) : (
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        )}
        <span className="min-w-0 break-words">{text}</span>
      </p>
      {isMoving && status.leadsFound > 0 && (
        <div
          className="h-1.5 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label="Leads stored"
          aria-valuemin={0}
          aria-valuemax={status.leadsFound}
          aria-valuenow={Math.min(status.storedLeads, status.leadsFound)}
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${stored * 100}%` }} />
        </div>
      )}
      {when && <p className="text-xs text-muted-foreground">{when}</p>}
    </div>
  )
}
