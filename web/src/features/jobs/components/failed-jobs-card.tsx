import type { JobView } from '@common/jobs.ts'
import { queueLabel } from '@common/queues.ts'
import { CheckCircle2, RefreshCw, RotateCcw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { FAILED_JOBS_LIMIT, useFailedJobs } from '@/features/jobs/api/get-failed-jobs.ts'
import { useRetryJob } from '@/features/jobs/api/retry-job.ts'
import { attemptsText, failedAt, leadIdOf, timeAgo } from '@/features/jobs/utils/job-display.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

const timestampFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

/**
 * docs/spec/product.md §3 and §7: a job that used up its attempts is dead, shows its error, and a retry
 * is one click. `canRetry` is the caller's canManageWebhooks.
 */
export function FailedJobsCard({ canRetry }: { canRetry: boolean }) {
  const jobs = useFailedJobs()
  const now = useNow()

  return (
    <Card className="gap-4" aria-labelledby="failed-jobs-title" role="region">
      <CardHeader>
        <CardTitle id="failed-jobs-title">Failed jobs</CardTitle>
        <CardDescription>
          Work the engine gave up on after its last attempt, newest first.
          {canRetry && ' Retry runs a job again from the start.'}
        </CardDescription>
        <CardAction>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void jobs.refetch()}
            disabled={jobs.isFetching}
            aria-label="Refresh failed jobs"
          >
            <RefreshCw className={jobs.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            <span className="hidden sm:inline">Refresh</span>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        {jobs.isPending ? (
          <div className="grid gap-4" role="status" aria-label="Loading failed jobs">
            {[0, 1].map((row) => (
              <div key={row} className="grid gap-2">
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-3 w-2/3" />
              </div>
            ))}
          </div>
        ) : jobs.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
            <p className="text-muted-foreground">
              The failed jobs could not be loaded. {serverMessageOf(jobs.error) ?? jobs.error.message}
            </p>
            <Button variant="outline" size="sm" onClick={() => void jobs.refetch()}>
              <RefreshCw />
              Try again
            </Button>
          </div>
        ) : jobs.data.length === 0 ? (
          <p className="flex items-center justify-center gap-2 py-4 text-sm text-muted-foreground">
            <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
            No failed jobs
          </p>
        ) : (
          <div className="grid gap-3">
            <ol className="divide-y" aria-label="Failed jobs">
              {jobs.data.map((job) => (
                <FailedJobRow key={job.id} job={job} now={now} canRetry={canRetry} />
              ))}
            </ol>
            {jobs.data.length >= FAILED_JOBS_LIMIT && (
              <p className="border-t pt-3 text-xs text-muted-foreground">
                Showing the newest {FAILED_JOBS_LIMIT} failed jobs.
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  )
}

function FailedJobRow({ job, now, canRetry }: { job: JobView; now: number; canRetry: boolean }) {
  const retry = useRetryJob()
  const leadId = leadIdOf(job)
  const when = failedAt(job)
  const label = queueLabel(job.queue)

  const run = () =>
    retry.mutateAsync(job.id).then(
      () =>
        toast({
          title: 'Job retried',
          description: `${label}${job.clientId ? ` for ${job.clientId}` : ''} runs again.`,
        }),
      (error: unknown) =>
        toast({
          title: 'Retry failed',
          description: serverMessageOf(error) ?? 'The job could not be retried',
          variant: 'destructive',
        }),
    )

  return (
    <li className="grid gap-1.5 py-3 first:pt-0 last:pb-0" data-testid="failed-job" data-job-id={job.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant="outline">{label}</Badge>
        {job.clientId && <span className="font-mono text-xs">{job.clientId}</span>}
        {leadId && <span className="font-mono text-xs text-muted-foreground">lead {leadId}</span>}
        {when ? (
          <time
            dateTime={when}
            title={timestampFormat.format(new Date(when))}
            className="ml-auto text-xs text-muted-foreground"
          >
            {timeAgo(when, now)}
          </time>
        ) : (
          <span className="ml-auto text-xs text-muted-foreground">time unknown</span>
        )}
      </div>
      <p className="line-clamp-3 break-words text-sm text-destructive" title={job.error ?? undefined}>
        {job.error ?? 'No error was recorded'}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-muted-foreground">{attemptsText(job)}</span>
        {canRetry && (
          <Button variant="outline" size="sm" onClick={run} disabled={retry.isPending}>
            <RotateCcw aria-hidden="true" />
            {retry.isPending ? 'Retrying...' : 'Retry'}
          </Button>
        )}
      </div>
    </li>
  )
}

/** The current time every minute, so "5 minutes ago" stays true. */
function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs])
  return now
}
