import type { OpportunitySyncStatus } from '@common/pipeline.ts'
import { LoaderCircle, Workflow } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useOpportunitySyncStatus } from '@/features/integrations/api/get-opportunity-sync-status.ts'
import { useSyncOpportunities } from '@/features/integrations/api/sync-opportunities.ts'
import { RunProgress } from '@/features/integrations/components/run-progress.tsx'
import { useRunEndToast } from '@/features/integrations/hooks/use-run-end-toast.ts'
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
  useRunEndToast(current, {
    completedTitle: 'Opportunity backfill completed',
    summary,
    failedTitle: 'Opportunity backfill failed',
    failedFallback: 'The opportunities could not be created',
  })
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
        <RunProgress
          text={
            current.leadsTotal === 0
              ? 'Reading the stored leads…'
              : `${current.leadsDone} of ${plural(current.leadsTotal, 'lead', 'leads')}…`
          }
          testId="opportunity-backfill-progress"
          barLabel="Leads given an opportunity"
          done={current.leadsDone}
          total={current.leadsTotal}
        />
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
