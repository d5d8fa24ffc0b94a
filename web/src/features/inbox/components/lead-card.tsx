import type { Lead } from '@common/leads.ts'
import { Mail, MapPin, Phone } from 'lucide-react'
import { memo } from 'react'
import { Badge } from '@/components/ui/badge.tsx'
import { ReadReceiptBadge } from '@/features/inbox/components/read-receipt-badge.tsx'
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
 * docs/spec/dashboard-spec.md §2.14 lead card: every element of the list column. Memoised: the
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
          <span className="ml-auto shrink-0 text-xs text-muted-foreground">
            {relativeTime(lead.lastEventTime)}
          </span>
        </span>
        <span className="truncate text-xs text-muted-foreground">{lead.clientName ?? lead.clientId}</span>
        {lead.waitingSince && <WaitingTimer since={lead.waitingSince} />}
        {(firstJob || postal) && (
          <span className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
            {firstJob && <span className="truncate">{firstJob}</span>}
            {postal && (
              <span className="flex shrink-0 items-center gap-0.5">
                <MapPin className="size-3" aria-hidden="true" />
                {postal}
              </span>
            )}
          </span>
        )}
        <span className="flex flex-wrap items-center gap-1">
          <Badge className={STATUS_CLASSES[lead.status]}>{STATUS_LABELS[lead.status]}</Badge>
          <Badge className={availabilityClass(lead.projectData.availability_status)}>
            {availabilityText(lead)}
          </Badge>
          {lead.userData.phone && (
            <Badge variant="outline" title="Phone available">
              <Phone aria-hidden="true" />
              <span className="sr-only">Phone</span>
            </Badge>
          )}
          {lead.userData.email && (
            <Badge variant="outline" title="Email available">
              <Mail aria-hidden="true" />
              <span className="sr-only">Email</span>
            </Badge>
          )}
          {lead.lastMessage === 'outbound' ? (
            <Badge variant="success">Contacted</Badge>
          ) : (
            <Badge variant="warning">New Message</Badge>
          )}
          <ReadReceiptBadge receipt={lead.readReceipt} />
        </span>
      </span>
    </button>
  )
})
