import type { ContactSyncStatus } from '@common/contacts.ts'
import { LoaderCircle, RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useContactSyncStatus } from '@/features/integrations/api/get-contact-sync-status.ts'
import { useSyncContacts } from '@/features/integrations/api/sync-contacts.ts'
import { RunProgress } from '@/features/integrations/components/run-progress.tsx'
import { useRunEndToast } from '@/features/integrations/hooks/use-run-end-toast.ts'
import { contactSyncProgressText, contactSyncSummary } from '@/features/integrations/utils/contact-sync.ts'
import { serverMessageOf } from '@/lib/api-client.ts'
import { cn } from '@/lib/utils.ts'

const FAILURES_SHOWN = 5

/**
 * 'Sync All Leads to GHL Contacts' (docs/spec/dashboard-spec.md §2.6 and §2.7). The sync is a job on
 * the server (docs/decisions/0018 §1): the click starts it, its progress is polled and shown like the
 * historical import's, and the button stays disabled while it runs. The setup dialog reports a
 * failure as 'Contact sync failed', the mobile modal as 'Sync Error' (docs/spec/dashboard-spec.md §8). The last result
 * stays under the button, failed leads included, and running it again is the retry.
 */
export function ContactSyncButton({
  clientId,
  failureTitle,
  disabled = false,
  className,
}: {
  clientId: string
  failureTitle: 'Contact sync failed' | 'Sync Error'
  disabled?: boolean
  className?: string
}) {
  const sync = useSyncContacts()
  const status = useContactSyncStatus(clientId)
  const current = status.data
  const isRunning = current?.status === 'running'
  useRunEndToast(current, {
    completedTitle: 'Contact sync completed',
    summary: contactSyncSummary,
    failedTitle: failureTitle,
    failedFallback: 'The contacts could not be synced',
  })

  const run = () =>
    sync.mutateAsync(clientId).catch((error: unknown) =>
      toast({
        title: failureTitle,
        description: serverMessageOf(error) ?? 'The contacts could not be synced',
        variant: 'destructive',
      }),
    )

  const isBusy = sync.isPending || isRunning
  return (
    <div className={cn('grid gap-2', className)}>
      <Button size="sm" variant="outline" disabled={disabled || isBusy || status.isPending} onClick={run}>
        {isBusy ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <RefreshCw aria-hidden="true" />
        )}
        {isBusy ? 'Syncing...' : 'Sync All Leads to GHL Contacts'}
      </Button>
      {current && isRunning && (
        <RunProgress
          text={contactSyncProgressText(current)}
          testId="contact-sync-progress"
          barLabel="Leads synced"
          done={current.leadsDone}
          total={current.leadsTotal}
        />
      )}
      {current && (current.status === 'completed' || current.status === 'failed') && (
        <SyncResult status={current} />
      )}
    </div>
  )
}

function SyncResult({ status }: { status: ContactSyncStatus }) {
  return (
    <div className="grid gap-1.5 text-sm" data-testid="contact-sync-result">
      <p
        className={
          status.errors > 0 || status.status === 'failed' ? 'text-destructive' : 'text-muted-foreground'
        }
      >
        {status.status === 'failed'
          ? `Last sync failed: ${status.error ?? 'the contacts could not be synced'}`
          : `Last sync: ${contactSyncSummary(status)}`}
      </p>
      {status.failures.length > 0 && (
        <ul className="grid gap-1 text-xs" aria-label="Leads that failed to sync">
          {status.failures.slice(0, FAILURES_SHOWN).map((failure) => (
            <li key={failure.leadId} className="break-words">
              <span className="font-mono">{failure.leadId}</span>:{' '}
              <span className="text-muted-foreground">{failure.error}</span>
            </li>
          ))}
          {status.errors > FAILURES_SHOWN && (
            <li className="text-muted-foreground">+{status.errors - FAILURES_SHOWN} more</li>
          )}
        </ul>
      )}
    </div>
  )
}
