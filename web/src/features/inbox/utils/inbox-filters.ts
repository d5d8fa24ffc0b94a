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

/** Query parameters of GET /api/leads (docs/spec/product.md §6.1) for a filter set. */
export function toLeadsParams(filters: InboxFilters, clientId?: string): LeadsQueryParams {
  const params: LeadsQueryParams = {}
  if (clientId) params.clientId = clientId
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

/** docs/spec/dashboard-spec.md §2.14 empty text: 'No leads found', then ' for this client' and/or ' matching your filters'. */
export function emptyListText(hasClient: boolean, isFiltered: boolean): string {
  return `No leads found${hasClient ? ' for this client' : ''}${isFiltered ? ' matching your filters' : ''}`
}
