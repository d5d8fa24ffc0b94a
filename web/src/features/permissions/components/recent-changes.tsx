import type { AuditEntry } from '@common/users.ts'
import { History, Link2, RefreshCw, ShieldCheck, UserRound } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useAuditLog } from '@/features/permissions/api/get-audit-log.ts'
import { useNow } from '@/features/permissions/hooks/use-now.ts'
import { describeAudit } from '@/features/permissions/utils/describe-audit.ts'
import { relativeTime } from '@/features/permissions/utils/relative-time.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

const ENTITY_ICONS = { user: UserRound, assignment: Link2, role: ShieldCheck } as const

const timestampFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

// docs/spec/product.md §2: "changes are logged for audit", shown newest first with who made them.
export function RecentChanges() {
  const audit = useAuditLog()
  const now = useNow()
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? []
  const total = audit.data?.pages[0]?.total

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">Recent changes</CardTitle>
        <CardDescription>
          Who changed users, client assignments and role permissions, newest first.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {audit.isPending ? (
          <div className="grid gap-4" role="status" aria-label="Loading recent changes">
            {[0, 1, 2].map((row) => (
              <div key={row} className="flex items-center gap-3">
                <Skeleton className="size-8 rounded-full" />
                <div className="grid flex-1 gap-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        ) : audit.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p className="text-muted-foreground">
              The changes could not be loaded. {serverMessageOf(audit.error) ?? audit.error.message}
            </p>
            <Button variant="outline" size="sm" onClick={() => void audit.refetch()}>
              <RefreshCw />
              Try again
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">No changes recorded yet.</p>
        ) : (
          <div className="grid gap-3">
            <ol className="divide-y" aria-label="Recent changes">
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} now={now} />
              ))}
            </ol>
            <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-3">
              <p className="text-xs text-muted-foreground">
                Showing {entries.length}
                {total !== undefined && ` of ${total}`} {total === 1 ? 'change' : 'changes'}
              </p>
              {audit.hasNextPage && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void audit.fetchNextPage()}
                  disabled={audit.isFetchingNextPage}
                >
                  {audit.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              )}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  )
}

function AuditRow({ entry, now }: { entry: AuditEntry; now: number }) {
  const { summary, details } = describeAudit(entry)
  const Icon = ENTITY_ICONS[entry.entityType as keyof typeof ENTITY_ICONS] ?? History
  return (
    <li className="flex items-start gap-3 py-3 first:pt-0 last:pb-0" data-testid="audit-entry">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm">
          <span className="font-medium">{entry.actorUsername ?? 'System'}</span> {summary}
        </p>
        {details.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {details.map((detail) => (
              <li
                key={detail}
                className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground"
              >
                {detail}
              </li>
            ))}
          </ul>
        )}
      </div>
      <time
        dateTime={entry.createdAt}
        title={timestampFormat.format(new Date(entry.createdAt))}
        className="shrink-0 pt-0.5 text-xs text-muted-foreground"
      >
        {relativeTime(entry.createdAt, now)}
      </time>
    </li>
  )
}
