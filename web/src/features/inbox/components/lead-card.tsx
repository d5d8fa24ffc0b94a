import type { Lead } from '@common/leads.ts'
import { FilePen, Mail, MapPin, Phone } from 'lucide-react'
import { memo } from 'react'
import { Badge } from '@/components/ui/badge.tsx'
import { ReadReceiptMark } from '@/features/inbox/components/read-receipt-badge.tsx'
import { WaitingTimer } from '@/features/inbox/components/waiting-timer.tsx'
import {
  availabilityClass,
  availabilityText,
  displayName,
  initialOf,
  relativeTime,
  STATUS_CLASSES,
  STATUS_LABELS,
} from '@/features/inbox/utils/lead-display.ts'
import { cn } from '@/lib/utils.ts'

/**
 * docs/spec/dashboard-spec.md §2.14 lead card, made to be read at a glance (issue 35): one status
 * chip, the availability chip when the lead gave one, and what to do now — "Draft ready" when a
 * draft waits for a Send, else the waiting timer while the customer waits, else nothing. Phone,
 * email and the read receipt are small marks, not chips; the last message's direction is left to
 * the timer (a "Contacted" chip beside the status "New" said two things at once). Memoised: the
 * list re-renders on every scroll step and on every page that arrives; a card whose lead and
 * selection did not change is not rendered again.
 */
export const LeadCard = memo(function LeadCard({
  lead,
  isSelected,
  onSelect,
}: {
  lead: Lead
  isSelected: boolean
  /** Stable across renders (the memo compares it). */
  onSelect: (leadId: string) => void
}) {
  const name = displayName(lead)
  const firstJob = lead.projectData.job_names?.[0]
  const postal = lead.projectData.postal_code || lead.userData.postal_code
  const hasContact = Boolean(lead.userData.phone || lead.userData.email)
  return (
    <button
      type="button"
      onClick={() => onSelect(lead.leadId)}
      aria-current={isSelected ? 'true' : undefined}
      data-lead-id={lead.leadId}
      className={cn(
        'flex w-full min-w-0 gap-3 border-b px-3 py-3 text-left transition-colors hover:bg-muted/60',
        isSelected && 'bg-primary/5 hover:bg-primary/10',
      )}
    >
      <span
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
        aria-hidden="true"
      >
        {initialOf(name)}
      </span>
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate text-sm font-medium">{name}</span>
          <span className="ml-auto flex shrink-0 items-center gap-1.5 text-xs text-muted-foreground">
            <ReadReceiptMark receipt={lead.readReceipt} />
            {relativeTime(lead.lastEventTime)}
          </span>
        </span>
        <span className="truncate text-xs text-muted-foreground">{lead.clientName ?? lead.clientId}</span>
        {(firstJob || postal || hasContact) && (
          <span className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
            {firstJob && <span className="truncate">{firstJob}</span>}
            {postal && (
              <span className="flex shrink-0 items-center gap-0.5">
                <MapPin className="size-3" aria-hidden="true" />
                {postal}
              </span>
            )}
            {lead.userData.phone && (
              <span className="shrink-0" title="Phone available" data-testid="has-phone">
                <Phone className="size-3" aria-hidden="true" />
                <span className="sr-only">Phone available</span>
              </span>
            )}
            {lead.userData.email && (
              <span className="shrink-0" title="Email available" data-testid="has-email">
                <Mail className="size-3" aria-hidden="true" />
                <span className="sr-only">Email available</span>
              </span>
            )}
          </span>
        )}
        <span className="flex min-w-0 flex-wrap items-center gap-1">
          <Badge className={STATUS_CLASSES[lead.status]} data-testid="lead-status">
            {STATUS_LABELS[lead.status]}
          </Badge>
          {lead.projectData.availability_status && (
            <Badge
              className={cn('max-w-full truncate', availabilityClass(lead.projectData.availability_status))}
              data-testid="lead-availability"
            >
              {availabilityText(lead)}
            </Badge>
          )}
          <NextStep lead={lead} />
        </span>
      </span>
    </button>
  )
})

/** The one thing to do now: send the draft waiting, or answer the customer who waits. */
function NextStep({ lead }: { lead: Lead }) {
  if (lead.hasDraft)
    return (
      <Badge className="border-transparent bg-primary/10 text-primary" data-testid="draft-ready">
        <FilePen aria-hidden="true" />
        Draft ready
      </Badge>
    )
  return lead.waitingSince ? <WaitingTimer since={lead.waitingSince} /> : null
}
