import { Webhook, X } from 'lucide-react'
import { useDeferredValue, useState } from 'react'
import { RefreshButton } from '@/components/refresh-button.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardContent } from '@/components/ui/card.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useLogEndpoints } from '@/features/request-logs/api/get-log-endpoints.ts'
import {
  type RequestLogFilters,
  useRequestLogs,
  useRequestLogsTotal,
} from '@/features/request-logs/api/get-request-logs.ts'
import { useTestWebhook } from '@/features/request-logs/api/test-webhook.ts'
import { LogEntryRow } from '@/features/request-logs/components/log-entry-row.tsx'
import { LogFilters, type LogFilterValues } from '@/features/request-logs/components/log-filters.tsx'
import { hasActiveFilter } from '@/features/request-logs/utils/log-display.ts'
import { serverMessageOf } from '@/lib/api-client.ts'
import { useLoadMore } from '@/lib/use-load-more.ts'

const count = new Intl.NumberFormat()
const NO_FILTERS: LogFilterValues = { search: '' }

/** docs/spec/dashboard-spec.md §2.12 'API & Webhook Logs': both logs, filtered and paged on the server, newest first. */
export function RequestLogs({ canTestWebhook }: { canTestWebhook: boolean }) {
  const [values, setValues] = useState<LogFilterValues>(NO_FILTERS)
  const q = useDeferredValue(values.search.trim())
  const filters: RequestLogFilters = {
    q: q || undefined,
    direction: values.direction,
    endpoint: values.endpoint,
    from: values.from,
    to: values.to,
  }
  const isFiltered = hasActiveFilter(filters)
  const logs = useRequestLogs(filters)
  const total = useRequestLogsTotal(isFiltered)
  const endpoints = useLogEndpoints()
  const testWebhook = useTestWebhook()
  const loadMoreRef = useLoadMore(() => {
    if (logs.hasNextPage && !logs.isFetchingNextPage) void logs.fetchNextPage()
  }, logs.hasNextPage === true)
  const entries = logs.data?.pages.flatMap((page) => page.items) ?? []
  const matching = logs.data?.pages[0]?.totalCount ?? 0

  const runTest = () =>
    testWebhook.mutateAsync().then(
      () => toast({ title: 'Webhook test completed', description: 'Test webhook logged successfully' }),
      (error: unknown) =>
        toast({
          title: 'Webhook test failed',
          description: serverMessageOf(error) ?? (error as Error).message,
          variant: 'destructive',
        }),
    )

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Webhooks received and every call to Yelp and GoHighLevel, newest first.
        </p>
        <div className="flex gap-2">
          <RefreshButton
            label="Refresh logs"
            onRefresh={() => void logs.refetch()}
            isRefreshing={logs.isFetching}
          />
          {canTestWebhook && (
            <Button onClick={() => void runTest()} disabled={testWebhook.isPending}>
              <Webhook aria-hidden="true" />
              {testWebhook.isPending ? 'Testing...' : 'Test Webhook'}
            </Button>
          )}
        </div>
      </div>
      <Card className="gap-3">
        <CardContent className="grid gap-3">
          <LogFilters values={values} onChange={setValues} endpoints={endpoints.data ?? []} />
          {isFiltered && (
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="text-muted-foreground" data-testid="log-count">
                Showing {count.format(matching)} of {count.format(total.data ?? matching)} logs
              </span>
              <Button variant="outline" size="sm" onClick={() => setValues(NO_FILTERS)}>
                <X aria-hidden="true" />
                Clear All Filters
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
      {logs.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading logs">
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} className="h-16 w-full" />
          ))}
        </div>
      ) : logs.isError ? (
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm" role="alert">
          <p className="text-muted-foreground">
            The logs could not be loaded. {serverMessageOf(logs.error) ?? logs.error.message}
          </p>
          <Button variant="outline" size="sm" onClick={() => void logs.refetch()}>
            Try again
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="rounded-lg border border-dashed py-10 text-center text-sm text-muted-foreground">
          {isFiltered
            ? 'No logs match the current filters.'
            : 'No webhook logs found. Test the webhook to see logs here.'}
        </p>
      ) : (
        <div className="grid gap-3">
          <ol className="grid gap-2" aria-label="Log entries">
            {entries.map((entry) => (
              <LogEntryRow key={entry.id} entry={entry} />
            ))}
          </ol>
          <div ref={loadMoreRef} className="flex justify-center">
            {logs.hasNextPage && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void logs.fetchNextPage()}
                disabled={logs.isFetchingNextPage}
              >
                {logs.isFetchingNextPage ? 'Loading more...' : 'Load more'}
              </Button>
            )}
          </div>
        </div>
      )}
    </div>
  )
}
