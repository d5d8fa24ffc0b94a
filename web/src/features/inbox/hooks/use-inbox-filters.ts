import { useEffect, useMemo, useState } from 'react'
import {
  EMPTY_FILTERS,
  type InboxFilters,
  type InboxView,
  toLeadsParams,
} from '@/features/inbox/utils/inbox-filters.ts'

const SEARCH_DELAY_MS = 300

/** Filter state; the free text reaches the query after a pause in typing, the rest at once. */
export function useInboxFilters(clientId: string | undefined, { needsReply, hasDraft }: InboxView = {}) {
  const [filters, setFilters] = useState<InboxFilters>(EMPTY_FILTERS)
  const [q, setQ] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setQ(filters.q), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [filters.q])
  const params = useMemo(
    () => toLeadsParams({ ...filters, q }, clientId, { needsReply, hasDraft }),
    [filters, q, clientId, needsReply, hasDraft],
  )
  return {
    filters,
    params,
    update: (patch: Partial<InboxFilters>) => setFilters((current) => ({ ...current, ...patch })),
    clear: () => {
      setFilters(EMPTY_FILTERS)
      setQ('')
    },
  }
}
