import type { LeadsQueryParams } from '@common/leads.ts'

/** The 'Search & Filters' panel (docs/spec/dashboard-spec.md §2.14); `ALL` stands for an unset select. */
export interface InboxFilters {
  q: string
  status: string
  availability: string
  jobType: string
  hasPhone: boolean
  hasEmail: boolean
  lastMessage: string
  createdFrom: string
  createdTo: string
  activityFrom: string
  activityTo: string
}

export const ALL = 'all'

export const EMPTY_FILTERS: InboxFilters = {
  q: '',
  status: ALL,
  availability: ALL,
  jobType: ALL,
  hasPhone: false,
  hasEmail: false,
  lastMessage: ALL,
  createdFrom: '',
  createdTo: '',
  activityFrom: '',
  activityTo: '',
}

/** The 'Active' badge: any filter set. */
export function hasActiveFilters(filters: InboxFilters): boolean {
  return Object.keys(toLeadsParams(filters)).length > 0
}

/** The two views the inbox's address keeps: "Needs reply" (§9.1) and "Draft ready" (issue 35). */
export interface InboxView {
  needsReply?: boolean
  hasDraft?: boolean
}

/**
 * Query parameters of GET /api/leads (docs/spec/product.md §6.1) for a filter set. "Needs reply"
 * (§9.1) and "Draft ready" list their leads longest waiting first: the one most likely lost
 * comes on top.
 */
export function toLeadsParams(
  filters: InboxFilters,
  clientId?: string,
  view: InboxView = {},
): LeadsQueryParams {
  const params: LeadsQueryParams = {}
  if (clientId) params.clientId = clientId
  if (view.needsReply) params.needsReply = 'true'
  if (view.hasDraft) params.hasDraft = 'true'
  if (view.needsReply || view.hasDraft) params.sort = 'waiting'
  const q = filters.q.trim()
  if (q) params.q = q
  if (filters.status !== ALL) params.status = filters.status
  if (filters.availability !== ALL) params.availability = filters.availability
  if (filters.jobType !== ALL) params.jobType = filters.jobType
  if (filters.hasPhone) params.hasPhone = 'true'
  if (filters.hasEmail) params.hasEmail = 'true'
  if (filters.lastMessage !== ALL) params.lastMessage = filters.lastMessage
  if (filters.createdFrom) params.createdFrom = filters.createdFrom
  if (filters.createdTo) params.createdTo = filters.createdTo
  if (filters.activityFrom) params.activityFrom = filters.activityFrom
  if (filters.activityTo) params.activityTo = filters.activityTo
  return params
}

/**
 * The view an inbox address asks for: `needsReply=true|false` (the dashboard's "Leads awaiting
 * reply" links to `true`), undefined when the address does not say — then the inbox opens on
 * "Needs reply" if anything waits; `hasDraft=true` for "Draft ready".
 */
export function inboxViewOf(search: string): InboxView {
  const params = new URLSearchParams(search)
  const needsReply = params.get('needsReply')
  return {
    needsReply: needsReply === 'true' ? true : needsReply === 'false' ? false : undefined,
    hasDraft: params.get('hasDraft') === 'true',
  }
}

/**
 * The inbox address with a view changed, other parameters kept. "Needs reply" is written either
 * way (`false` too), so turning it off is not undone by the default view.
 */
export function inboxSearchWith(search: string, view: InboxView): string {
  const params = new URLSearchParams(search)
  if (view.needsReply !== undefined) params.set('needsReply', String(view.needsReply))
  if (view.hasDraft === true) params.set('hasDraft', 'true')
  else if (view.hasDraft === false) params.delete('hasDraft')
  const query = params.toString()
  return query ? `?${query}` : ''
}

/**
 * docs/spec/dashboard-spec.md §2.14 empty text: 'No leads found', then ' for this client' and/or ' matching your filters'.
 * With "Needs reply" or "Draft ready" alone: nobody is waiting, or no draft is, in those words.
 */
export function emptyListText(hasClient: boolean, isFiltered: boolean, view: InboxView = {}): string {
  const forClient = hasClient ? ' for this client' : ''
  if (!isFiltered && view.hasDraft)
    return `No leads with a draft ready${view.needsReply ? ' and waiting' : ''}${forClient}`
  if (!isFiltered && view.needsReply) return `No leads waiting for a reply${forClient}`
  return `No leads found${hasClient ? ' for this client' : ''}${isFiltered ? ' matching your filters' : ''}`
}

/**
 * The lead an address opens: alerts' "Open in LeadRelay" and the Message Logs link to
 * `/inbox?clientId=…&leadId=…`. Absent parameters are undefined.
 */
export function linkedLeadOf(search: string): { clientId?: string; leadId?: string } {
  const params = new URLSearchParams(search)
  return { clientId: params.get('clientId') || undefined, leadId: params.get('leadId') || undefined }
}
