import type { ChangeEvent, Lead, LeadsQueryParams } from '@common/leads.ts'
import type { Query, QueryClient } from '@tanstack/react-query'
import { getLead } from '@/features/inbox/api/get-lead.ts'
import { getLeads } from '@/features/inbox/api/get-leads.ts'
import {
  type LeadPages,
  leadMatches,
  orderOf,
  placeLead,
  withTotal,
} from '@/features/inbox/utils/lead-pages.ts'
import { ApiError } from '@/lib/api-client.ts'

// Live changes of leads without reloading the lists (docs/decisions/0010): a change of one lead fetches that
// lead (GET /api/leads/{leadId}, which also refreshes it when it is open) and moves it within the
// loaded pages; a list's total is asked for (a one-row page) only when the change may have moved
// it. Refetching an infinite list reloads every loaded page: 10,000 leads for one new message.

const LEADS_URL = '/api/leads'

/** For the app's live-change listener: the URLs whose queries this module keeps fresh itself. */
export const inboxLiveUpdates = {
  urls: [LEADS_URL] as readonly string[],
  apply: applyLeadChanges,
}

export async function applyLeadChanges(queryClient: QueryClient, changes: readonly ChangeEvent[]) {
  const relevant = changes.filter((c) => c.topic === 'leads' || c.topic === 'messages')
  if (relevant.some((c) => c.topic === 'leads' && !c.leadId)) {
    // Many leads at once (an import, a client's job): the lists reload.
    await queryClient.invalidateQueries({
      predicate: (query) => query.queryKey[0] === LEADS_URL && isClientShown(query, relevant),
    })
    return
  }
  const changed = new Set(relevant.filter((c) => c.topic === 'leads').map((c) => c.leadId as string))
  // A reply's progress (messages) changes the open lead's replies, not its place in the lists.
  for (const leadId of new Set(relevant.map((c) => c.leadId))) {
    if (leadId && !changed.has(leadId))
      await queryClient.invalidateQueries({ queryKey: [LEADS_URL, leadId], exact: true })
  }
  for (const leadId of changed) await applyLead(queryClient, leadId)
  // A lead's automation history (its own key under the lead) moves with its messages and status.
  for (const leadId of new Set(relevant.map((c) => c.leadId))) {
    if (leadId)
      await queryClient.invalidateQueries({ queryKey: [LEADS_URL, leadId, 'automation'], exact: true })
  }
}

/** Puts the current state of one lead into every list and total of the cache. */
export async function applyLead(queryClient: QueryClient, leadId: string, known?: Lead): Promise<void> {
  const shownLists = queryClient
    .getQueryCache()
    .findAll({ queryKey: [LEADS_URL], type: 'active' })
    .filter((query) => listParams(query) && isPages(query.state.data))
  if (!known && shownLists.length === 0) {
    // No inbox list on screen: its queries reload when shown again, and the counts on screen (the
    // sidebar's waiting leads) reload now, one row each; the lead itself is not fetched.
    await queryClient.invalidateQueries({ queryKey: [LEADS_URL] })
    return
  }
  let lead: Lead | null
  try {
    lead =
      known ??
      (await queryClient.fetchQuery({
        queryKey: [LEADS_URL, leadId],
        queryFn: ({ signal }) => getLead(leadId, signal),
        staleTime: 0,
      }))
  } catch (error) {
    // Gone or no longer visible: out of every list. Anything else: the lists reload.
    if (!(error instanceof ApiError && error.status === 404)) {
      await queryClient.invalidateQueries({ queryKey: [LEADS_URL] })
      return
    }
    lead = null
  }
  const totals = new Map<string, Promise<number>>()
  const totalOf = (params: LeadsQueryParams) => {
    const key = paramsKey(params)
    let total = totals.get(key)
    if (!total) {
      total = getLeads({ ...params, limit: '1' }).then((page) => page.total)
      totals.set(key, total)
    }
    return total
  }
  const listTotals = new Map<string, number>()
  const queries = queryClient.getQueryCache().findAll({ queryKey: [LEADS_URL] })
  for (const query of queries) {
    const params = listParams(query)
    const data = query.state.data
    if (!params || !isPages(data)) continue
    if (!query.isActive()) {
      // Not on screen: it reloads when shown again, no request now.
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true })
      continue
    }
    const wasPresent = data.pages.some((page) => page.leads.some((l) => l.leadId === leadId))
    let verdict = lead ? leadMatches(lead, params) : false
    let total: number | undefined
    if (verdict === 'unknown') {
      // Free text: the server decides. A lead already found stays found (new events only add text).
      if (wasPresent) verdict = true
      else {
        const first = await getLeads({ ...params, limit: '1' })
        total = first.total
        totals.set(paramsKey(params), Promise.resolve(first.total))
        verdict = first.leads[0]?.leadId === leadId
      }
    }
    const placed = placeLead(data, leadId, verdict ? lead : null, orderOf(params))
    const current = data.pages[0]?.total ?? 0
    const hasMore = Boolean(data.pages.at(-1)?.nextCursor)
    if (total === undefined) {
      if (wasPresent) total = verdict ? current : current - 1
      else if (!verdict && !hasMore) total = current
      else total = await totalOf(params)
    }
    listTotals.set(paramsKey(params), total)
    queryClient.setQueryData(query.queryKey, withTotal(placed.data, total))
  }
  // The 'Y' of 'X of Y leads': a one-row page's total, kept by its own query.
  for (const query of queries) {
    const params = countParams(query)
    if (!params) continue
    const total = listTotals.get(paramsKey(params))
    if (total !== undefined) queryClient.setQueryData(query.queryKey, total)
    // A count with filters (the waiting leads, the drafts ready) also loses a lead that stops
    // matching, which the lead's new state alone cannot tell: it is asked again.
    else if (!lead || leadMatches(lead, params) !== false || hasFilters(params))
      await queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true })
  }
}

function isPages(data: unknown): data is LeadPages {
  return typeof data === 'object' && data !== null && 'pages' in data
}

function hasFilters(params: LeadsQueryParams): boolean {
  return Object.keys(params).some((key) => key !== 'clientId')
}

function isClientShown(query: Query, changes: readonly ChangeEvent[]): boolean {
  const detail = query.queryKey[1]
  const shown = detail && typeof detail === 'object' ? (detail as { clientId?: string }).clientId : undefined
  return !shown || changes.some((c) => !c.clientId || c.clientId === shown)
}

/** An infinite list's filters (its key without the page size). */
function listParams(query: Query): LeadsQueryParams | null {
  const detail = query.queryKey[1]
  if (!detail || typeof detail !== 'object') return null
  const { limit: _limit, ...params } = detail as LeadsQueryParams
  return params
}

/** A total query's filters: a one-row page whose data is the number. */
function countParams(query: Query): LeadsQueryParams | null {
  if (typeof query.state.data !== 'number') return null
  return listParams(query)
}

function paramsKey(params: LeadsQueryParams): string {
  return JSON.stringify(Object.entries(params).sort(([a], [b]) => a.localeCompare(b)))
}
