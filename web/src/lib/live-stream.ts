import { useSyncExternalStore } from 'react'

// Whether GET /api/events is connected. The events feature sets it; the lists and counts read
// it to decide whether to poll: while the stream is up, its change events refresh them
// (docs/spec/product.md §6.1), and polling every few seconds would only repeat the reads.

/** How often lists and counts reload while the stream is down (it reconnects by itself). */
export const FALLBACK_REFRESH_MS = 30_000

let isOpen = false
const listeners = new Set<() => void>()

export function setLiveStreamOpen(open: boolean): void {
  if (open === isOpen) return
  isOpen = open
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** A query's `refetchInterval`: none while the stream is open, a slow poll while it is not. */
export function useLiveRefetchInterval(fallbackMs = FALLBACK_REFRESH_MS): number | false {
  const open = useSyncExternalStore(
    subscribe,
    () => isOpen,
    () => false,
  )
  return open ? false : fallbackMs
}
