import { AlertCircle, ArrowLeft } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { ApiError, serverMessageOf } from '@/lib/api-client.ts'

/**
 * The conversation column when the lead asked for cannot be shown: a link to a lead that does not
 * exist (or belongs to a client the user cannot see) says so instead of an empty inbox.
 */
export function LeadUnavailable({
  leadId,
  error,
  onBack,
}: {
  leadId: string
  error: Error
  onBack: () => void
}) {
  const notFound = error instanceof ApiError && error.status === 404
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b px-3 py-2 lg:hidden">
        <Button variant="ghost" size="icon" onClick={onBack} aria-label="Back to leads">
          <ArrowLeft />
        </Button>
      </div>
      <div
        role="alert"
        data-testid={notFound ? 'lead-not-found' : 'lead-load-failed'}
        className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm"
      >
        <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
        <h3 className="font-semibold">{notFound ? 'Lead not found' : 'Failed to load the lead'}</h3>
        <p className="max-w-sm break-words text-muted-foreground">
          {notFound
            ? `Lead ${leadId} does not exist, or it belongs to a client you cannot see. Choose a lead from the list.`
            : (serverMessageOf(error) ?? error.message)}
        </p>
      </div>
    </div>
  )
}
