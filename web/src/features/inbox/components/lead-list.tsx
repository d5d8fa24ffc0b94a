import type { Lead } from '@common/leads.ts'
import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef } from 'react'
import { LeadCard } from '@/features/inbox/components/lead-card.tsx'

const ESTIMATED_CARD_PX = 124

/**
 * The lead column, virtualised: only the cards on screen are in the page, so 10,000 loaded
 * leads scroll like ten. The next page loads as the end comes near.
 */
export function LeadList({
  leads,
  selectedLeadId,
  onSelect,
  hasMore,
  isLoadingMore,
  onLoadMore,
}: {
  leads: Lead[]
  selectedLeadId: string | null
  onSelect: (leadId: string) => void
  hasMore: boolean
  isLoadingMore: boolean
  onLoadMore: () => void
}) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: leads.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_CARD_PX,
    overscan: 8,
    getItemKey: (index) => leads[index]?.leadId ?? index,
  })
  const items = virtualizer.getVirtualItems()
  const lastIndex = items.at(-1)?.index ?? 0

  useEffect(() => {
    if (hasMore && !isLoadingMore && lastIndex >= leads.length - 20) onLoadMore()
  }, [hasMore, isLoadingMore, lastIndex, leads.length, onLoadMore])

  return (
    <div
      ref={scrollRef}
      // Strict containment: a scroll step or a new page lays out and paints this box alone.
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain [contain:strict]"
      data-testid="lead-list"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const lead = leads[item.index]
          if (!lead) return null
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute top-0 left-0 w-full [contain:layout_paint]"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <LeadCard lead={lead} isSelected={lead.leadId === selectedLeadId} onSelect={onSelect} />
            </div>
          )
        })}
      </div>
      {isLoadingMore && <p className="p-3 text-center text-xs text-muted-foreground">Loading leads...</p>}
    </div>
  )
}
