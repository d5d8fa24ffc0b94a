import { LEAD_STATUSES, type LeadDetail, type LeadStatus, type ReplyType } from '@common/leads.ts'
import { ArrowLeft, FileText } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx'
import { AutomationTimeline } from '@/features/inbox/components/automation-timeline.tsx'
import { GhlForwardingList } from '@/features/inbox/components/ghl-forwarding-list.tsx'
import { readReceiptText } from '@/features/inbox/components/read-receipt-badge.tsx'
import { ACTIVITY_LABELS, RepliedActions } from '@/features/inbox/components/replied-actions.tsx'
import { WaitingTimer } from '@/features/inbox/components/waiting-timer.tsx'
import {
  allAttachments,
  availabilityClass,
  availabilityText,
  displayName,
  eventLabel,
  formatDateTime,
  STATUS_LABELS,
  shortEventId,
  temporaryEmailOf,
} from '@/features/inbox/utils/lead-display.ts'
import { formatCents, formatSeconds } from '@/lib/figures-format.ts'

/** docs/spec/dashboard-spec.md §2.14 column 3: the lead's details, exactly as listed, with the status dropdown. */
export function LeadDetailsPanel({
  lead,
  canChangeStatus,
  isSavingStatus,
  onStatusChange,
  isMarkingReplied,
  onMarkReplied,
  onBack,
}: {
  lead: LeadDetail | undefined
  canChangeStatus: boolean
  isSavingStatus: boolean
  onStatusChange: (status: LeadStatus) => void
  isMarkingReplied: boolean
  onMarkReplied: (replyType: ReplyType) => void
  onBack: () => void
}) {
  if (!lead) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center text-sm text-muted-foreground">
        <FileText className="size-8" aria-hidden="true" />
        Select a lead to view details
      </div>
    )
  }
  const temp = temporaryEmailOf(lead)
  const { email, phone } = lead.userData
  const postal = lead.userData.postal_code || lead.projectData.postal_code
  const jobs = lead.projectData.job_names ?? []
  const survey = Object.entries(lead.projectData.survey_fields ?? {})
  const attachments = allAttachments(lead)
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b px-3 py-2 lg:hidden">
        <Button variant="ghost" size="icon" onClick={onBack} aria-label="Back to conversation">
          <ArrowLeft />
        </Button>
        <span className="text-sm font-semibold">Details</span>
      </div>
      <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto p-4 text-sm">
        <div className="grid gap-1">
          <h3 className="text-base font-semibold break-words">{displayName(lead)}</h3>
          <p className="text-muted-foreground break-words">{lead.clientName ?? lead.clientId}</p>
          <p className="text-xs text-muted-foreground break-all">Lead ID: {lead.leadId}</p>
          {lead.waitingSince && <WaitingTimer since={lead.waitingSince} className="mt-1" />}
          <div className="mt-2 grid gap-1.5">
            <label htmlFor="lead-status" className="text-xs font-medium">
              Status
            </label>
            <Select
              value={lead.status}
              onValueChange={(value) => onStatusChange(value as LeadStatus)}
              disabled={!canChangeStatus || isSavingStatus}
            >
              <SelectTrigger id="lead-status" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LEAD_STATUSES.map((status) => (
                  <SelectItem key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {lead.statusChangedInGhlAt && (
              <p className="text-xs text-muted-foreground" data-testid="status-changed-in-ghl">
                Changed in GHL · {formatDateTime(lead.statusChangedInGhlAt)}
              </p>
            )}
            {lead.opportunityError && (
              <p className="text-xs text-destructive" data-testid="opportunity-error">
                No GHL opportunity · {lead.opportunityError}
              </p>
            )}
          </div>
          {canChangeStatus && (
            <RepliedActions activity={lead.activity} isSaving={isMarkingReplied} onMark={onMarkReplied} />
          )}
        </div>

        <Section title="Contact Information">
          {email || temp || phone || postal ? (
            <dl className="grid gap-1">
              {email && <Row label="Email" value={<a href={`mailto:${email}`}>{email}</a>} />}
              {temp && (
                <Row
                  label="Email"
                  value={
                    <>
                      <a href={`mailto:${temp}`}>{temp}</a>{' '}
                      <span className="text-muted-foreground">(temp)</span>
                    </>
                  }
                />
              )}
              {phone && <Row label="Phone" value={<a href={`tel:${phone}`}>{phone}</a>} />}
              {postal && <Row label="Postal code" value={postal} />}
            </dl>
          ) : (
            <p className="text-muted-foreground">No contact information available</p>
          )}
        </Section>

        <Section title="Project Details">
          <dl className="grid gap-1">
            <Row label="Job types" value={jobs.length ? jobs.join(', ') : '—'} />
            <Row label="Location" value={lead.projectData.postal_code || '—'} />
            <Row
              label="Availability"
              value={
                <Badge className={availabilityClass(lead.projectData.availability_status)}>
                  {availabilityText(lead)}
                </Badge>
              }
            />
          </dl>
          {lead.projectData.additional_info && (
            <p className="break-words whitespace-pre-wrap">{lead.projectData.additional_info}</p>
          )}
          {survey.length > 0 && (
            <dl className="grid gap-2">
              {survey.map(([question, answers]) => (
                <div key={question} className="grid gap-0.5">
                  <dt className="text-xs text-muted-foreground break-words">{question}</dt>
                  <dd className="break-words">{answers.join(', ')}</dd>
                </div>
              ))}
            </dl>
          )}
        </Section>

        <Section title="Timeline">
          <dl className="grid gap-1">
            <Row label="Lead Created" value={formatDateTime(lead.timeCreated)} />
            <Row
              label="Cost"
              value={
                <span data-testid="lead-cost">
                  {lead.figures.metricsFetched
                    ? formatCents(lead.figures.costPerLeadCents, lead.figures.costCurrency)
                    : 'Not fetched yet'}
                </span>
              }
            />
            <Row
              label="First reply"
              value={
                <span data-testid="lead-response-time">
                  {lead.figures.responseSeconds !== null
                    ? `${formatSeconds(lead.figures.responseSeconds)} after the first message`
                    : lead.figures.firstConsumerMessageAt
                      ? 'Not answered yet'
                      : '—'}
                </span>
              }
            />
            <Row label="Last Activity" value={formatDateTime(lead.lastEventTime)} />
            <Row
              label="Last message"
              value={<span data-testid="read-receipt-text">{readReceiptText(lead.readReceipt)}</span>}
            />
            {lead.activity.map((entry) => (
              <Row
                key={`${entry.kind}:${entry.at}`}
                label={ACTIVITY_LABELS[entry.kind]}
                value={
                  <span data-testid="lead-activity">
                    {formatDateTime(entry.at)}
                    {entry.by ? ` · ${entry.by}` : ''}
                    {entry.detail && (
                      <span className="block text-xs text-muted-foreground">{entry.detail}</span>
                    )}
                  </span>
                }
              />
            ))}
          </dl>
        </Section>

        <GhlForwardingList items={lead.ghlForwarding} />

        <Section title="Automation">
          <AutomationTimeline leadId={lead.leadId} clientId={lead.clientId} />
        </Section>

        <Section title={`Attachments (${attachments.length})`}>
          {attachments.length ? (
            <ul className="grid gap-1">
              {attachments.map((attachment, index) => (
                <li key={attachment.id ?? attachment.url ?? index} className="break-all">
                  {attachment.resource_name || attachment.url || 'attachment'}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">No attachments</p>
          )}
        </Section>

        <Section title="Lead Events">
          <ul className="grid gap-1">
            {lead.events.map((event) => (
              <li key={event.id} className="flex flex-wrap justify-between gap-x-2 text-xs">
                <span>
                  {eventLabel(event)} · {event.user_type === 'BIZ' ? 'Business' : 'Customer'}
                </span>
                <span className="text-muted-foreground">
                  {formatDateTime(event.time_created)} · {shortEventId(event.id)}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2 rounded-lg border p-3">
      <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</h4>
      {children}
    </section>
  )
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </div>
  )
}
