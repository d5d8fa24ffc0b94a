import { useDeferredValue, useState } from 'react'
import { ListCardHeader } from '@/components/list-card-header.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardContent } from '@/components/ui/card.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useClientOptions } from '@/features/message-logs/api/get-client-options.ts'
import { type MessageFilters as Filters, useMessages } from '@/features/message-logs/api/get-messages.ts'
import { MessageFilters } from '@/features/message-logs/components/message-filters.tsx'
import { MessageList } from '@/features/message-logs/components/message-list.tsx'
import { serverMessageOf } from '@/lib/api-client.ts'
import { useLoadMore } from '@/lib/use-load-more.ts'

const count = new Intl.NumberFormat()

/** docs/spec/dashboard-spec.md §2.11 Message Logs: filtered and paged on the server, more rows as the operator scrolls. */
export function MessageLogs({ canRetry, canListClients }: { canRetry: boolean; canListClients: boolean }) {
  const [filters, setFilters] = useState<Filters>({})
  const [search, setSearch] = useState('')
  const q = useDeferredValue(search.trim())
  const messages = useMessages({ ...filters, q: q || undefined })
  const clients = useClientOptions(canListClients)
  const loadMoreRef = useLoadMore(() => {
    if (messages.hasNextPage && !messages.isFetchingNextPage) void messages.fetchNextPage()
  }, messages.hasNextPage === true)
  const items = messages.data?.pages.flatMap((page) => page.items) ?? []
  const total = messages.data?.pages[0]?.totalCount ?? 0

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card className="gap-4">
        <CardContent>
          <MessageFilters
            filters={filters}
            onChange={setFilters}
            clients={clients.data ?? []}
            search={search}
            onSearchChange={setSearch}
          />
        </CardContent>
      </Card>
      <Card className="gap-4">
        <ListCardHeader
          title="Recent Messages"
          description={
            messages.isSuccess ? `${count.format(items.length)} of ${count.format(total)} messages` : ' '
          }
          refresh={{
            label: 'Refresh messages',
            onRefresh: () => void messages.refetch(),
            isRefreshing: messages.isFetching,
          }}
        />
        <CardContent>
          {messages.isPending ? (
            <div className="grid gap-3" role="status" aria-label="Loading messages">
              {[0, 1, 2, 3, 4].map((row) => (
                <Skeleton key={row} className="h-12 w-full" />
              ))}
            </div>
          ) : messages.isError ? (
            <div className="flex flex-wrap items-center justify-between gap-3 text-sm" role="alert">
              <p className="text-muted-foreground">
                The messages could not be loaded. {serverMessageOf(messages.error) ?? messages.error.message}
              </p>
              <Button variant="outline" size="sm" onClick={() => void messages.refetch()}>
                Try again
              </Button>
            </div>
          ) : items.length === 0 ? (
            <div className="py-10 text-center">
              <p className="font-medium">No messages found</p>
              <p className="text-sm text-muted-foreground">No messages match your current filters.</p>
            </div>
          ) : (
            <div className="grid gap-3">
              <MessageList messages={items} canRetry={canRetry} />
              <div ref={loadMoreRef} className="flex justify-center">
                {messages.hasNextPage && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void messages.fetchNextPage()}
                    disabled={messages.isFetchingNextPage}
                  >
                    {messages.isFetchingNextPage ? 'Loading more...' : 'Load more'}
                  </Button>
                )}
              </div>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
