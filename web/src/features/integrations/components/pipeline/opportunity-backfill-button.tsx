import type { OpportunitySyncStatus } from '@common/pipeline.ts'
import { LoaderCircle, Workflow } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useOpportunitySyncStatus } from '@/features/integrations/api/get-opportunity-sync-status.ts'
import { useSyncOpportunities } from '@/features/integrations/api/sync-opportunities.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

function summary(status: Pick<OpportunitySyncStatus, 'success' | 'errors'>): string {
  return `${plural(status.success, 'lead', 'leads')} with an opportunity, ${plural(status.errors, 'error', 'errors')}.`
}

/**
 * The backfill: every stored lead of the client gets its opportunity, like "Sync All Leads to GHL
 * Contacts" for contacts — a job whose progress is polled and shown while it runs.
 */
export function OpportunityBackfillButton({ clientId, disabled }: { clientId: string; disabled: boolean }) {
  const start = useSyncOpportunities()
  const status = useOpportunitySyncStatus(clientId)
  const current = status.data
  const isRunning = current?.status === 'running'
  useFinishToast(current)
  const isBusy = start.isPending || isRunning
  const run = () =>
    start.mutateAsync(clientId).catch((error: unknown) =>
      toast({
        title: 'Opportunity backfill failed',
        description: serverMessageOf(error) ?? 'The opportunities could not be created',
        variant: 'destructive',
      }),
    )

  return (
    <div className="grid gap-2">
      <Button size="sm" variant="outline" className="w-fit" disabled={disabled || isBusy} onClick={run}>
        {isBusy ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Workflow aria-hidden="true" />
        )}
        {isBusy ? 'Creating opportunities...' : 'Create Opportunities for Existing Leads'}
      </Button>
      {disabled && !isBusy && (
        <p className="text-xs text-muted-foreground">Save the pipeline turned on first.</p>
      )}
      {current && isRunning && (
        <div className="grid gap-2 rounded-md bg-muted/40 p-3">
          <p
            role="status"
            data-testid="opportunity-backfill-progress"
            className="flex items-start gap-2 text-sm"
          >
            <LoaderCircle className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden="true" />
            <span className="min-w-0 break-words">
              {current.leadsTotal === 0
                ? 'Reading the stored leads…'
                : `${current.leadsDone} of ${plural(current.leadsTotal, 'lead', 'leads')}…`}
            </span>
          </p>
          {current.leadsTotal > 0 && (
            <div
              className="h-1.5 overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label="Leads given an opportunity"
              aria-valuemin={0}
              aria-valuemax={current.leadsTotal}
              aria-valuenow={Math.min(current.leadsDone, current.leadsTotal)}
            >
              <div
                className="h-full bg-primary transition-[width]"
                style={{ width: `${Math.min(100, (current.leadsDone / current.leadsTotal) * 100)}%` }}
              />
            </div>
          )}
        </div>
      )}
      {current && (current.status === 'completed' || current.status === 'failed') && (
        <div className="grid gap-1 text-sm" data-testid="opportunity-backfill-result">
          <p
            className={
              current.errors > 0 || current.status === 'failed' ? 'text-destructive' : 'text-muted-foreground'
            }
          >
            {current.status === 'failed'
              ? `Last backfill failed: ${current.error ?? 'the opportunities could not be created'}`
              : `Last backfill: ${summary(current)}`}
          </p>
          {current.failures.slice(0, 5).map((failure) => (
            <p key={failure.leadId} className="text-xs break-words">
              <span className="font-mono">{failure.leadId}</span>:{' '}
              <span className="text-muted-foreground">{failure.error}</span>
            </p>
          ))}
        </div>
      )}
    </div>
  )
}

function useFinishToast(current: OpportunitySyncStatus | undefined) {
  const wasRunning = useRef(false)
  useEffect(() => {
    if (!current) return
    if (current.status === 'running') {
      wasRunning.current = true
      return
    }
    if (!wasRunning.current) return
    wasRunning.current = false
    if (current.status === 'completed')
      toast({ title: 'Opportunity backfill completed', description: summary(current) })
    else if (current.status === 'failed')
      toast({
        title: 'Opportunity backfill failed',
        description: current.error ?? 'The opportunities could not be created',
        variant: 'destructive',
      })
  }, [current])
}
