import { useSyncExternalStore } from 'react'

// One clock for every waiting timer on screen: a list of 200 waiting leads ticks with one
// interval, not 200, and no timer asks the server for anything.

const TICK_MS = 15_000

const listeners = new Set<() => void>()
let now = Date.now()
let timer: ReturnType<typeof setInterval> | null = null

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (!timer) {
    now = Date.now()
    timer = setInterval(() => {
      now = Date.now()
      for (const notify of listeners) notify()
    }, TICK_MS)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearInterval(timer)
      timer = null
    }
  }
}

/** The current time in ms, refreshed every 15 s while a component uses it. */
export function useClock(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

function snapshot(): number {
  // Read before the first subscription (or after a quiet spell): not a time from long ago.
  if (!timer && Date.now() - now >= TICK_MS) now = Date.now()
  return now
}
