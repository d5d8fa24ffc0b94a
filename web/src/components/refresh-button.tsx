import { RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'

/** Reloads a list now; it spins while the list is fetching and reads "Refresh" from tablet width up. */
export function RefreshButton({
  label,
  onRefresh,
  isRefreshing,
}: {
  /** The accessible name, saying what is refreshed ("Refresh logs"). */
  label: string
  onRefresh: () => void
  isRefreshing: boolean
}) {
  return (
    <Button variant="ghost" size="sm" onClick={onRefresh} disabled={isRefreshing} aria-label={label}>
      <RefreshCw className={isRefreshing ? 'animate-spin' : undefined} aria-hidden="true" />
      <span className="hidden sm:inline">Refresh</span>
    </Button>
  )
}
