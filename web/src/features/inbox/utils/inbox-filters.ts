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

/**
 * Query parameters of GET /api/leads (docs/spec/product.md §6.1) for a filter set. "Needs reply"
 * (§9.1) lists the waiting leads longest waiting first: the one most likely lost comes on top.
 */
export function toLeadsParams(
  filters: InboxFilters,
  clientId?: string,
  needsReply = false,
): LeadsQueryParams {
  const params: LeadsQueryParams = {}
  if (clientId) params.clientId = clientId
  if (needsReply) {
    params.needsReply = 'true'
    params.sort = 'waiting'
  }
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

/** The inbox address's `needsReply=true` (the dashboard's "Leads awaiting reply" links to it). */
export function needsReplyOf(search: string): boolean {
  return new URLSearchParams(search).get('needsReply') === 'true'
}

/** The inbox address with "Needs reply" on or off, other parameters kept. */
export function inboxSearchWith(search: string, needsReply: boolean): string {
  const params = new URLSearchParams(search)
  if (needsReply) params.set('needsReply', 'true')
  else params.delete('needsReply')
  const query = params.toString()
  return query ? `?${query}` : ''
}

/**
 * docs/spec/dashboard-spec.md §2.14 empty text: 'No leads found', then ' for this client' and/or ' matching your filters'.
 * With "Needs reply" alone: nobody is waiting, which is the good news it is.
 */
export function emptyListText(hasClient: boolean, isFiltered: boolean, needsReply = false): string {
  if (needsReply && !isFiltered) return `No leads waiting for a reply${hasClient ? ' for this client' : ''}`
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
