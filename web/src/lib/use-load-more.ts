import { useEffect, useRef } from 'react'

/**
 * Infinite scroll: calls `loadMore` when the returned element scrolls into view (and again while
 * it stays there after a page lands). Put the element after the last row.
 */
export function useLoadMore(loadMore: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement | null>(null)
  useEffect(() => {
    const element = ref.current
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore()
      },
      { rootMargin: '400px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [loadMore, enabled])
  return ref
}
