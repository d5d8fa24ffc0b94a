import type { PlaybookSummary } from '@common/playbook.ts'
import { Link } from 'wouter'
import { Badge } from '@/components/ui/badge.tsx'
import { useClientPermissions } from '@/features/clients/hooks/use-client-permissions.ts'
import { responsePagePath } from '@/lib/app-paths.ts'
import { automationSummaryText } from '@/lib/automation-summary.ts'

/**
 * Whether a client's leads get automatic replies (docs/spec/product.md §9.2), "On" or "Off" with
 * what runs; for those who may edit it, a link to the client's Response page.
 */
export function AutomationStatus({
  clientId,
  clientName,
  summary,
  isKnown,
}: {
  clientId: string
  clientName: string
  /** Undefined for a client that never saved a playbook: the defaults, off. */
  summary: PlaybookSummary | undefined
  /** False while the summaries load or after they failed: neither on nor off is known. */
  isKnown: boolean
}) {
  const { canManageIntegrations } = useClientPermissions()
  if (!isKnown) return <span className="text-muted-foreground">—</span>
  const { isOn, state, detail } = automationSummaryText(summary)
  const body = (
    <span className="grid justify-items-start gap-0.5">
      <Badge variant={isOn ? 'success' : 'secondary'} data-testid="automation-state">
        {state}
      </Badge>
      {/* "Off" says it all; what runs is worth a line. */}
      {isOn && <span className="text-xs text-muted-foreground">{detail}</span>}
    </span>
  )
  if (!canManageIntegrations) return body
  return (
    <Link
      href={responsePagePath(clientId)}
      aria-label={`Automatic replies for ${clientName}: ${state}. ${detail}. Open the Response page`}
      className="block w-fit rounded-md hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      {body}
    </Link>
  )
}
