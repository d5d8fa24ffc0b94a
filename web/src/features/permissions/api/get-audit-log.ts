import { type AuditEntry, auditListSchema } from '@common/users.ts'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiRequest, parseResponse } from '@/lib/api-client.ts'
import { urlFromQueryKey } from '@/lib/query-client.ts'

export const AUDIT_PAGE_SIZE = 20

export interface AuditPage {
  entries: AuditEntry[]
  /** From X-Next-Cursor: present while older entries remain. */
  nextCursor: string | undefined
  /** From X-Total-Count. */
  total: number | undefined
}

/** GET /api/audit?limit=&cursor=: newest first; paging travels in the response headers. */
export async function getAuditPage({
  limit,
  cursor,
  signal,
}: {
  limit: number
  cursor?: string
  signal?: AbortSignal
}): Promise<AuditPage> {
  const url = urlFromQueryKey(['/api/audit', { limit, cursor }])
  const res = await apiRequest('GET', url, undefined, { signal })
  const totalHeader = res.headers.get('X-Total-Count')
  const total = totalHeader === null ? Number.NaN : Number(totalHeader)
  return {
    entries: await parseResponse(res, auditListSchema, { method: 'GET', url }),
    nextCursor: res.headers.get('X-Next-Cursor') || undefined,
    total: Number.isFinite(total) ? total : undefined,
  }
}

export function auditLogQueryOptions(limit = AUDIT_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: ['/api/audit', { limit }],
    queryFn: ({ pageParam, signal }) => getAuditPage({ limit, cursor: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  })
}

/** Reloaded whenever the list is shown: changes made on other screens count too. */
export function useAuditLog() {
  return useInfiniteQuery({ ...auditLogQueryOptions(), refetchOnMount: 'always' })
}
