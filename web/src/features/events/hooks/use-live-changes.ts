import { type ChangeEvent, changeEventSchema } from '@common/leads.ts'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { isAffected, isLive } from '@/lib/affected-queries.ts'
import { setLiveStreamOpen } from '@/lib/live-stream.ts'

const NO_UPDATERS: readonly LiveUpdater[] = []

/** Changes arriving together (a burst of webhooks) refresh once. */
const GATHER_MS = 250
const RECONNECT_MIN_MS = 1000
const RECONNECT_MAX_MS = 30_000

/**
 * A screen that keeps some of its queries fresh itself (the inbox moves one changed lead within
 * its loaded pages): the URLs it owns, left out of the invalidation, and what it does with a burst.
 */
export interface LiveUpdater {
  urls: readonly string[]
  apply: (queryClient: QueryClient, changes: readonly ChangeEvent[]) => Promise<void>
}

/**
 * Listens to GET /api/events while signed in and refreshes just the queries a change affects
 * (docs/spec/product.md §2: "the server pushes change events and the UI refreshes what changed").
 * The browser's EventSource reconnects by itself with `Last-Event-ID`; the server replays or
 * answers `resync`. When the stream is closed for good (the server restarted, a proxy cut it),
 * this hook opens a new one after a backoff and reloads every live query, since events may
 * have been missed meanwhile.
 */
export function useLiveChanges(isEnabled: boolean, updaters: readonly LiveUpdater[] = NO_UPDATERS): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!isEnabled || typeof EventSource === 'undefined') return
    let source: EventSource | null = null
    let pending: ChangeEvent[] = []
    let gatherTimer: ReturnType<typeof setTimeout> | null = null
    let reconnectTimer: ReturnType<typeof setTimeout> | null = null
    let delay = RECONNECT_MIN_MS
    let isClosed = false

    const flush = () => {
      gatherTimer = null
      const changes = pending
      pending = []
      const owned = new Set(updaters.flatMap((updater) => updater.urls))
      void queryClient.invalidateQueries({
        predicate: (query) =>
          !owned.has(String(query.queryKey[0])) &&
          changes.some((change) => isAffected(query.queryKey, change)),
      })
      for (const updater of updaters) void updater.apply(queryClient, changes)
    }
    const resync = () => {
      void queryClient.invalidateQueries({ predicate: (query) => isLive(query.queryKey) })
    }
    const connect = (isReconnect: boolean) => {
      source = new EventSource('/api/events', { withCredentials: true })
      source.addEventListener('open', () => {
        delay = RECONNECT_MIN_MS
        setLiveStreamOpen(true)
        if (isReconnect) resync()
        isReconnect = false
      })
      source.addEventListener('change', (event) => {
        const parsed = changeEventSchema.safeParse(safeJson((event as MessageEvent<string>).data))
        if (!parsed.success) return
        pending.push(parsed.data)
        gatherTimer ??= setTimeout(flush, GATHER_MS)
      })
      source.addEventListener('resync', resync)
      source.addEventListener('error', () => {
        // Until it is open again, the lists fall back to a slow poll (lib/live-stream.ts).
        setLiveStreamOpen(false)
        // CONNECTING: the browser retries by itself. CLOSED: it gave up; start over later.
        if (!source || source.readyState !== EventSource.CLOSED || isClosed) return
        source.close()
        reconnectTimer = setTimeout(() => connect(true), delay)
        delay = Math.min(delay * 2, RECONNECT_MAX_MS)
      })
    }
    connect(false)
    return () => {
      isClosed = true
      source?.close()
      setLiveStreamOpen(false)
      if (gatherTimer) clearTimeout(gatherTimer)
      if (reconnectTimer) clearTimeout(reconnectTimer)
    }
  }, [isEnabled, queryClient, updaters])
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
