import type { AutomationStep } from '@common/lead-automation.ts'
import { useContext } from 'react'
import { ResponsePageLink } from '@/components/response-page-link.tsx'
import { useLeadAutomation } from '@/features/inbox/api/get-lead-automation.ts'
import {
  reasonText,
  STEP_STATE_LABELS,
  sourceText,
  stepTitle,
} from '@/features/inbox/utils/automation-display.ts'
import { formatDateTime } from '@/features/inbox/utils/lead-display.ts'
import { serverMessageOf } from '@/lib/api-client.ts'
import { AuthContext } from '@/lib/auth/auth-context.ts'
import { cn } from '@/lib/utils.ts'

const STATE_DOT: Record<AutomationStep['state'], string> = {
  scheduled: 'bg-blue-500',
  sent: 'bg-success',
  drafted: 'bg-amber-500',
  skipped: 'bg-muted-foreground',
  cancelled: 'bg-muted-foreground',
}

/**
 * docs/spec/product.md §9.2 history: the lead's first reply and follow-ups, oldest first, each
 * with what became of it: scheduled (and when due), sent, drafted, skipped or cancelled (why).
 */
export function AutomationTimeline({ leadId, clientId }: { leadId: string; clientId?: string }) {
  const automation = useLeadAutomation(leadId)
  // Read without requiring a session provider: outside one (a lone panel) the link is left out.
  const canEditPlaybook = useContext(AuthContext)?.user?.permissions.canManageClientIntegrations === true
  if (automation.isPending) return <p className="text-muted-foreground">Loading automation...</p>
  if (automation.isError) {
    return (
      <p role="alert" className="text-destructive">
        Failed to load the automation history
        <span className="block text-xs">{serverMessageOf(automation.error) ?? automation.error.message}</span>
      </p>
    )
  }
  if (automation.data.length === 0) {
    return (
      <p className="text-muted-foreground">
        No first reply or follow-up for this lead
        {/* Where the automation is set up, for those who may (the Response page). */}
        {clientId && canEditPlaybook && (
          <>
            {'. '}
            <ResponsePageLink clientId={clientId} />
          </>
        )}
      </p>
    )
  }
  return (
    <ol className="grid gap-2" data-testid="automation-timeline">
      {automation.data.map((step) => (
        <li
          key={`${step.kind}:${step.step}:${step.at}`}
          className="grid grid-cols-[0.75rem_1fr] gap-x-2 text-xs"
        >
          <span className={cn('mt-1 size-2 rounded-full', STATE_DOT[step.state])} aria-hidden="true" />
          <span className="min-w-0">
            <span className="font-medium">{stepTitle(step)}</span>
            {' · '}
            <span data-testid="automation-state">{STEP_STATE_LABELS[step.state]}</span>
            <span className="block text-muted-foreground">{detailOf(step)}</span>
          </span>
        </li>
      ))}
    </ol>
  )
}

function detailOf(step: AutomationStep): string {
  if (step.state === 'scheduled') return `due ${formatDateTime(step.dueAt)}`
  const when = formatDateTime(step.at)
  if ((step.state === 'skipped' || step.state === 'cancelled') && step.reason)
    return `${when}: ${reasonText(step.reason)}`
  const source = sourceText(step)
  return source ? `${when}, ${source}` : when
}
