import type { LeadStatus, ReplyType } from '@common/leads.ts'
import { AlertCircle, Clock, FilePen } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { Label } from '@/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useInboxClients } from '@/features/inbox/api/get-inbox-clients.ts'
import { useLead } from '@/features/inbox/api/get-lead.ts'
import { useLeadFacets } from '@/features/inbox/api/get-lead-facets.ts'
import {
  useDraftReadyCount,
  useLeads,
  useLeadTotal,
  useWaitingLeadCount,
} from '@/features/inbox/api/get-leads.ts'
import { useMarkLeadReplied } from '@/features/inbox/api/mark-lead-replied.ts'
import { useUpdateLeadStatus } from '@/features/inbox/api/update-lead-status.ts'
import { ConversationPanel } from '@/features/inbox/components/conversation-panel.tsx'
import { InboxFiltersPanel } from '@/features/inbox/components/inbox-filters-panel.tsx'
import { LeadDetailsPanel } from '@/features/inbox/components/lead-details-panel.tsx'
import { LeadList } from '@/features/inbox/components/lead-list.tsx'
import { LeadUnavailable } from '@/features/inbox/components/lead-unavailable.tsx'
import { ViewToggle } from '@/features/inbox/components/view-toggle.tsx'
import { useInboxFilters } from '@/features/inbox/hooks/use-inbox-filters.ts'
import { useMarkReadOnOpen } from '@/features/inbox/hooks/use-mark-read-on-open.ts'
import { ALL, emptyListText, hasActiveFilters, type InboxView } from '@/features/inbox/utils/inbox-filters.ts'
import { serverMessageOf } from '@/lib/api-client.ts'
import { cn } from '@/lib/utils.ts'

type MobileView = 'list' | 'conversation' | 'details'

export interface LeadInboxProps {
  canSendMessages: boolean
  canChangeStatus: boolean
  canViewClients: boolean
  /** docs/spec/product.md §9.1 "Needs reply": kept in the address, so the dashboard can link to it. */
  needsReply?: boolean
  /** "Draft ready": the leads with a draft waiting for a Send (issue 35), in the address too. */
  hasDraft?: boolean
  onViewChange?: (change: InboxView) => void
  /** The lead an address opens (`/inbox?clientId=…&leadId=…`): its client chosen, its conversation open. */
  linkedClientId?: string
  linkedLeadId?: string
}

/**
 * docs/spec/dashboard-spec.md §2.14 'Lead Inbox': client selector, 'Search & Filters', and three columns (leads,
 * conversation, details). Below the large breakpoint one column shows at a time, with a back button.
 */
export function LeadInbox({
  canSendMessages,
  canChangeStatus,
  canViewClients,
  needsReply = false,
  hasDraft = false,
  onViewChange,
  linkedClientId,
  linkedLeadId,
}: LeadInboxProps) {
  // The client select lists clients only for roles that may view them; others keep "All Clients".
  const [clientChoice, setClientChoice] = useState(canViewClients && linkedClientId ? linkedClientId : ALL)
  const [selectedLeadId, setSelectedLeadId] = useState<string | null>(linkedLeadId ?? null)
  // On a phone a link opens the conversation, not the list.
  const [mobileView, setMobileView] = useState<MobileView>(linkedLeadId ? 'conversation' : 'list')

  const clients = useInboxClients({ enabled: canViewClients })
  // A linked client that is not (or no longer) among the visible ones falls back to all of them.
  const isKnownClient =
    clientChoice === ALL || !clients.data || clients.data.some((client) => client.clientId === clientChoice)
  const clientId = clientChoice === ALL || !isKnownClient ? undefined : clientChoice
  const { filters, params, update, clear } = useInboxFilters(clientId, { needsReply, hasDraft })
  const leads = useLeads(params)
  const total = useLeadTotal(clientId)
  const waitingCount = useWaitingLeadCount(clientId)
  const draftCount = useDraftReadyCount(clientId)
  const facets = useLeadFacets(clientId)
  const lead = useLead(selectedLeadId)
  const updateStatus = useUpdateLeadStatus()
  const markReplied = useMarkLeadReplied()
  useMarkReadOnOpen(lead.data)

  // Recomputed when a page arrives or a lead moves, not on every render of the inbox.
  const pages = leads.data?.pages
  const loaded = useMemo(() => pages?.flatMap((page) => page.leads) ?? [], [pages])
  const matching = leads.data?.pages[0]?.total
  const isFiltered = hasActiveFilters(filters)

  // Stable: the memoised lead cards compare it.
  const select = useCallback((leadId: string) => {
    setSelectedLeadId(leadId)
    setMobileView('conversation')
  }, [])
  const changeStatus = (status: LeadStatus) => {
    if (!selectedLeadId) return
    updateStatus.mutate(
      { leadId: selectedLeadId, status },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to update lead status',
            description: serverMessageOf(error) ?? error.message,
          }),
      },
    )
  }

  const markRepliedOutside = (replyType: ReplyType) => {
    if (!selectedLeadId) return
    markReplied.mutate(
      { leadId: selectedLeadId, replyType },
      {
        // Yelp's "already marked" is the state wanted: done, not an error (docs/decisions/0012).
        onSuccess: ({ outcome }) =>
          toast({
            title: outcome === 'marked' ? 'Marked as replied on Yelp' : 'Already marked as replied on Yelp',
          }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to mark the lead as replied',
            description: serverMessageOf(error) ?? error.message,
          }),
      },
    )
  }

  return (
    <div className="flex h-[calc(100dvh-6rem)] min-h-[28rem] flex-col gap-3 sm:h-[calc(100dvh-7rem)] lg:h-[calc(100dvh-8rem)]">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid min-w-0 gap-1.5 sm:w-72">
          <Label htmlFor="inbox-client">Client</Label>
          <Select
            value={isKnownClient ? clientChoice : ALL}
            onValueChange={(value) => {
              setClientChoice(value)
              setSelectedLeadId(null)
              setMobileView('list')
            }}
          >
            <SelectTrigger id="inbox-client" className="w-full min-w-0">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All Clients</SelectItem>
              {(clients.data ?? []).map((client) => (
                <SelectItem key={client.clientId} value={client.clientId}>
                  {client.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {/* One row on a phone (the count wraps below when short of room); on wider screens they join the row of the client select. */}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 sm:contents">
          <ViewToggle
            label="Needs reply"
            icon={Clock}
            isOn={needsReply}
            count={waitingCount.data}
            onToggle={() => onViewChange?.({ needsReply: !needsReply })}
            testId="needs-reply-filter"
          />
          <ViewToggle
            label="Draft ready"
            icon={FilePen}
            isOn={hasDraft}
            count={draftCount.data}
            onToggle={() => onViewChange?.({ hasDraft: !hasDraft })}
            testId="draft-ready-filter"
          />
          <p className="ml-auto text-sm text-muted-foreground sm:leading-9" data-testid="lead-count">
            {matching !== undefined && total.data !== undefined
              ? `${matching} of ${total.data} leads`
              : '\u00a0'}
          </p>
        </div>
      </div>

      <InboxFiltersPanel
        filters={filters}
        facets={facets.data}
        isActive={isFiltered}
        onChange={update}
        onClear={clear}
      />

      <div className="flex min-h-0 flex-1 overflow-hidden rounded-lg border bg-card">
        <section
          aria-label="Leads"
          className={cn(
            'min-h-0 min-w-0 flex-1 flex-col lg:flex lg:w-80 lg:flex-none lg:border-r xl:w-96',
            mobileView === 'list' ? 'flex' : 'hidden',
          )}
        >
          {leads.isPending ? (
            <p className="p-6 text-center text-sm text-muted-foreground">Loading leads...</p>
          ) : leads.isError ? (
            <div role="alert" className="flex items-start gap-2 p-4 text-sm text-destructive">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                Failed to fetch leads
                <span className="block text-xs">{serverMessageOf(leads.error) ?? leads.error.message}</span>
              </span>
            </div>
          ) : loaded.length === 0 ? (
            <p className="p-6 text-center text-sm text-muted-foreground">
              {emptyListText(Boolean(clientId), isFiltered, { needsReply, hasDraft })}
            </p>
          ) : (
            <LeadList
              leads={loaded}
              selectedLeadId={selectedLeadId}
              onSelect={select}
              hasMore={leads.hasNextPage}
              isLoadingMore={leads.isFetchingNextPage}
              onLoadMore={() => void leads.fetchNextPage()}
            />
          )}
        </section>
        <section
          aria-label="Conversation"
          className={cn(
            'min-h-0 min-w-0 flex-1 flex-col lg:flex lg:border-r',
            mobileView === 'conversation' ? 'flex' : 'hidden',
          )}
        >
          {lead.isError && selectedLeadId ? (
            <LeadUnavailable
              leadId={selectedLeadId}
              error={lead.error}
              onBack={() => setMobileView('list')}
            />
          ) : (
            <ConversationPanel
              lead={lead.data}
              isLoading={lead.isLoading}
              canReply={canSendMessages}
              onBack={() => setMobileView('list')}
              onShowDetails={() => setMobileView('details')}
            />
          )}
        </section>
        <section
          aria-label="Lead details"
          className={cn(
            'min-h-0 min-w-0 flex-1 flex-col lg:flex lg:w-80 lg:flex-none',
            mobileView === 'details' ? 'flex' : 'hidden',
          )}
        >
          <LeadDetailsPanel
            lead={lead.data}
            canChangeStatus={canChangeStatus}
            isSavingStatus={updateStatus.isPending}
            onStatusChange={changeStatus}
            isMarkingReplied={markReplied.isPending}
            onMarkReplied={markRepliedOutside}
            onBack={() => setMobileView('conversation')}
          />
        </section>
      </div>
    </div>
  )
}
