import { type Lead, type LeadsQueryParams, lowerBound, upperBound } from '@common/leads.ts'

// One changed lead placed into the inbox's loaded pages, so a live change costs one request for
// that lead instead of a refetch of every loaded page (docs/decisions/0010). The pages are keyset pages
// (newest lastEventTime first, ties by id): moving a lead between them leaves every cursor valid.

export interface LeadPage {
  leads: Lead[]
  /** X-Total-Count: every lead the filters match. */
  total: number
  /** X-Next-Cursor; null on the last page. */
  nextCursor: string | null
}

export interface LeadPages {
  pages: LeadPage[]
  pageParams: unknown[]
}

/**
 * Whether a lead passes a list's filters, as the server's filters decide it (lead-inbox.repository.ts).
 * The free text is the server's alone (its search text is not in the lead view): 'unknown'.
 */
export function leadMatches(lead: Lead, params: LeadsQueryParams): boolean | 'unknown' {
  if (params.clientId && lead.clientId !== params.clientId) return false
  if (params.status && !params.status.split(',').includes(lead.status)) return false
  if (params.availability && lead.projectData.availability_status !== params.availability) return false
  if (params.jobType && !(lead.projectData.job_names ?? []).includes(params.jobType)) return false
  const hasPhone = Boolean(lead.userData.phone)
  const email = lead.userData.email
  const hasEmail = Boolean(email) && email !== (lead.userData.temporary_email ?? lead.temporaryEmailAddress)
  // docs/spec/dashboard-spec.md §2.14: with both boxes ticked, either one will do.
  const wantsPhone = params.hasPhone === 'true'
  const wantsEmail = params.hasEmail === 'true'
  if (
    wantsPhone && wantsEmail
      ? !(hasPhone || hasEmail)
      : (wantsPhone && !hasPhone) || (wantsEmail && !hasEmail)
  )
    return false
  if (params.lastMessage && lead.lastMessage !== params.lastMessage) return false
  // waitingSince is null in the API unless the lead awaits a reply (§9.1), status included.
  if (params.needsReply === 'true' && !lead.waitingSince) return false
  if (params.hasDraft === 'true' && !lead.hasDraft) return false
  if (!within(lead.timeCreated, params.createdFrom, params.createdTo)) return false
  if (!within(lead.lastEventTime, params.activityFrom, params.activityTo)) return false
  return params.q ? 'unknown' : true
}

function within(iso: string, from: string | undefined, to: string | undefined): boolean {
  const at = Date.parse(iso)
  if (from && at < lowerBound(from).getTime()) return false
  if (to && at >= upperBound(to).getTime()) return false
  return true
}

/** List order: newest activity first, then the higher id. Negative when `a` comes first. */
export function listOrder(a: Lead, b: Lead): number {
  return Date.parse(b.lastEventTime) - Date.parse(a.lastEventTime) || b.id - a.id
}

/** `sort=waiting` (§9.1, §9.7): longest waiting first, then the lower id; leads not waiting last. */
export function waitingOrder(a: Lead, b: Lead): number {
  const since = (lead: Lead) => (lead.waitingSince ? Date.parse(lead.waitingSince) : Number.POSITIVE_INFINITY)
  const difference = since(a) - since(b)
  return (Number.isNaN(difference) ? 0 : difference) || a.id - b.id
}

/** The order of a list with these parameters. */
export function orderOf(params: LeadsQueryParams): (a: Lead, b: Lead) => number {
  return params.sort === 'waiting' ? waitingOrder : listOrder
}

/**
 * The pages with `leadId` taken out and, when `lead` belongs to the list, put back where the
 * order puts it — unless that is past the last loaded lead while more pages follow: the page
 * that holds it will bring it. Pages other than the ones touched keep their identity.
 */
export function placeLead(
  data: LeadPages,
  leadId: string,
  lead: Lead | null,
  order: (a: Lead, b: Lead) => number = listOrder,
): { data: LeadPages; wasPresent: boolean; isPresent: boolean } {
  let wasPresent = false
  let pages = data.pages.map((page) => {
    if (!page.leads.some((l) => l.leadId === leadId)) return page
    wasPresent = true
    return { ...page, leads: page.leads.filter((l) => l.leadId !== leadId) }
  })
  let isPresent = false
  if (lead) {
    const at = insertionPoint(pages, lead, order)
    if (at) {
      isPresent = true
      pages = pages.map((page, index) =>
        index === at.page
          ? { ...page, leads: [...page.leads.slice(0, at.index), lead, ...page.leads.slice(at.index)] }
          : page,
      )
    }
  }
  return { data: { ...data, pages }, wasPresent, isPresent }
}

function insertionPoint(
  pages: LeadPage[],
  lead: Lead,
  order: (a: Lead, b: Lead) => number,
): { page: number; index: number } | null {
  for (let page = 0; page < pages.length; page++) {
    const leads = pages[page]?.leads ?? []
    const index = leads.findIndex((other) => order(lead, other) < 0)
    if (index >= 0) return { page, index }
  }
  const last = pages.length - 1
  if (last < 0 || pages[last]?.nextCursor) return null
  return { page: last, index: pages[last]?.leads.length ?? 0 }
}

/** The same pages with the first page's total replaced (X of 'X of Y leads'). */
export function withTotal(data: LeadPages, total: number): LeadPages {
  const [first, ...rest] = data.pages
  return first ? { ...data, pages: [{ ...first, total }, ...rest] } : data
}
