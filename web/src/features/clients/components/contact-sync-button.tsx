import type { ContactSyncResult } from '@common/contacts.ts'
import { RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useSyncContacts } from '@/features/clients/api/sync-contacts.ts'
import { contactSyncSummary } from '@/features/clients/utils/contact-sync.ts'
import { serverMessageOf } from '@/lib/api-client.ts'
import { cn } from '@/lib/utils.ts'

const FAILURES_SHOWN = 5

/**
 * 'Sync All Leads to GHL Contacts' (docs/spec/dashboard-spec.md §2.6 and §2.7). The setup dialog reports a failure as
 * 'Contact sync failed', the mobile modal as 'Sync Error' (docs/spec/dashboard-spec.md §8). The last result stays
 * under the button, failed leads included, and running it again is the retry.
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
  const [result, setResult] = useState<ContactSyncResult | null>(null)

  const run = () =>
    sync.mutateAsync(clientId).then(
      (answer) => {
        setResult(answer)
        toast({ title: 'Contact sync completed', description: contactSyncSummary(answer) })
      },
      (error: unknown) =>
        toast({
          title: failureTitle,
          description: serverMessageOf(error) ?? 'The contacts could not be synced',
          variant: 'destructive',
        }),
    )

  return (
    <div className={cn('grid gap-2', className)}>
      <Button size="sm" variant="outline" disabled={disabled || sync.isPending} onClick={run}>
        <RefreshCw className={sync.isPending ? 'animate-spin' : undefined} aria-hidden="true" />
        {sync.isPending ? 'Syncing...' : 'Sync All Leads to GHL Contacts'}
      </Button>
      {result && (
        <div className="grid gap-1.5 text-sm" data-testid="contact-sync-result">
          <p className={result.errors > 0 ? 'text-destructive' : 'text-muted-foreground'}>
            Last sync: {contactSyncSummary(result)}
          </p>
          {result.failures.length > 0 && (
            <ul className="grid gap-1 text-xs" aria-label="Leads that failed to sync">
              {result.failures.slice(0, FAILURES_SHOWN).map((failure) => (
                <li key={failure.leadId} className="break-words">
                  <span className="font-mono">{failure.leadId}</span>:{' '}
                  <span className="text-muted-foreground">{failure.error}</span>
                </li>
              ))}
              {result.failures.length > FAILURES_SHOWN && (
                <li className="text-muted-foreground">+{result.failures.length - FAILURES_SHOWN} more</li>
              )}
            </ul>
          )}
        </div>
      )}
    </div>
  )
}
