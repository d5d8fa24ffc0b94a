import type { ChangeEvent } from '@common/leads.ts'
import type { Query, QueryClient } from '@tanstack/react-query'
import { getRequestLogs, type RequestLogFilters } from '@/features/request-logs/api/get-request-logs.ts'
import { type LogPages, withNewestPage } from '@/features/request-logs/utils/newest-logs.ts'
import { isAffected } from '@/lib/affected-queries.ts'

// New log entries without reloading the list (docs/decisions/0010, "Long lists"): every webhook
// and provider call writes a log, so on a busy hub the `logs` events never stop. Invalidating the infinite list refetched
// every loaded page, each with its exact X-Total-Count (100+ ms for a common search term on a
// million rows), four times a second. Entries never change once written, so the newest page alone
// is fetched and put in front of the loaded ones, one fetch at a time per list.

const LOGS_URL = '/api/all-request-logs'
const IDLE_POLL_MS = 100
const IDLE_WAIT_MS = 10_000

/** For the app's live-change listener: the URL whose queries this module keeps fresh itself. */
export const requestLogsLiveUpdates = {
  urls: [LOGS_URL] as readonly string[],
  apply: applyLogChanges,
}

/** Lists being refreshed, by query hash; `again` when more changes came meanwhile. */
const refreshing = new Map<string, { again: boolean }>()

export async function applyLogChanges(queryClient: QueryClient, changes: readonly ChangeEvent[]) {
  const logChanges = changes.filter((change) => change.topic === 'logs')
  if (logChanges.length === 0) return
  const queries = queryClient.getQueryCache().findAll({ queryKey: [LOGS_URL] })
  await Promise.all(
    queries
      .filter((query) => logChanges.some((change) => isAffected(query.queryKey, change)))
      .map((query) =>
        isShownList(query)
          ? refreshNewest(queryClient, query)
          : // The total of 'Showing X of Y' (a one-row page), or a list not on screen.
            queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }),
      ),
  )
}

function isShownList(query: Query): boolean {
  const data = query.state.data
  return query.isActive() && typeof data === 'object' && data !== null && 'pages' in data
}

async function refreshNewest(queryClient: QueryClient, query: Query): Promise<void> {
  const running = refreshing.get(query.queryHash)
  if (running) {
    running.again = true
    return
  }
  const state = { again: false }
  refreshing.set(query.queryHash, state)
  try {
    do {
      state.again = false
      await refreshOnce(queryClient, query)
    } while (state.again)
  } finally {
    refreshing.delete(query.queryHash)
  }
}

async function refreshOnce(queryClient: QueryClient, query: Query): Promise<void> {
  const reload = () => queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true })
  // A page being loaded (the user scrolled) writes its own result over ours: wait for it.
  if (!(await becomesIdle(query))) return reload()
  let merged: LogPages | null = null
  try {
    const newest = await getRequestLogs(query.queryKey[1] as RequestLogFilters, undefined)
    const loaded = query.state.data as LogPages | undefined
    if (loaded && query.state.fetchStatus === 'idle') merged = withNewestPage(loaded, newest)
  } catch {
    // The reload shows the error the way the list always does.
  }
  if (merged) queryClient.setQueryData(query.queryKey, merged)
  else await reload()
}

async function becomesIdle(query: Query): Promise<boolean> {
  const until = Date.now() + IDLE_WAIT_MS
  while (query.state.fetchStatus !== 'idle') {
    if (Date.now() > until) return false
    await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS))
  }
  return true
}
