import type { Stats } from '@common/stats.ts'
import { ChevronRight, Clock } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { Card } from '@/components/ui/card.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useFirstReplies } from '@/features/dashboard/api/get-first-replies.ts'
import { WaitingAgeBar } from '@/features/dashboard/components/waiting-age-bar.tsx'
import { useNow } from '@/features/dashboard/hooks/use-now.ts'
import { formatPercent, formatSeconds } from '@/lib/figures-format.ts'
import { cn } from '@/lib/utils.ts'

const number = new Intl.NumberFormat()

/** Where "Leads awaiting reply" leads: the inbox reads `needsReply` from its address. */
export const NEEDS_REPLY_INBOX = '/inbox?needsReply=true'

/**
 * docs/spec/product.md §9.1, across the page's width above the four cards: the leads waiting now
 * (opening the inbox on them), the oldest wait beside the median first reply — the median covers
 * answered leads only, so it never shows a lead still waiting, hence both — and the waits by age.
 */
export function WaitingStrip({ stats }: { stats: Stats }) {
  const count = stats.leadsAwaitingReply
  const isWaiting = count > 0
  const now = useNow()
  const firstReplies = useFirstReplies()
  const total = firstReplies.data?.total
  const oldestSeconds = stats.oldestWaitingSince
    ? (now - new Date(stats.oldestWaitingSince).getTime()) / 1000
    : null
  return (
    <Card className="gap-4 p-4 sm:px-5" data-testid="waiting-strip">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,2fr)] lg:items-center">
        <Link
          href={NEEDS_REPLY_INBOX}
          className="group -m-2 flex items-center gap-4 rounded-lg p-2 outline-none transition-colors hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-label={`Leads awaiting reply: ${number.format(count)}. Open the inbox on Needs reply`}
          data-testid="stat-leads-awaiting-reply"
        >
          <span
            className={cn(
              'flex size-10 shrink-0 items-center justify-center rounded-lg',
              isWaiting ? 'bg-amber-500/15 text-amber-700' : 'bg-accent text-accent-foreground',
            )}
          >
            <Clock className="size-5" aria-hidden="true" />
          </span>
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="text-sm font-medium text-muted-foreground">Leads awaiting reply</span>
            <span className="text-xs text-muted-foreground">
              {isWaiting ? 'Waiting now: the customer wrote last' : 'Every customer has an answer'}
            </span>
            {/* Issue 35: the answers already written, one Send away (the inbox's "Draft ready"). */}
            {(stats.leadsWithDraft ?? 0) > 0 && (
              <span className="text-xs font-medium text-primary" data-testid="stat-drafts-ready">
                {number.format(stats.leadsWithDraft ?? 0)} with a draft ready to send
              </span>
            )}
          </span>
          <span
            className="text-3xl font-semibold tabular-nums tracking-tight"
            data-testid="stat-leads-awaiting-reply-value"
          >
            {number.format(count)}
          </span>
          <ChevronRight
            className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
            aria-hidden="true"
          />
        </Link>
        <dl className="grid grid-cols-1 gap-3 border-t pt-3 sm:grid-cols-3 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-5">
          <Fact
            label="Oldest wait"
            value={formatSeconds(oldestSeconds)}
            hint={isWaiting ? 'the longest a waiting customer has waited' : 'no lead is waiting'}
            testId="oldest-wait"
            urgent={oldestSeconds !== null && oldestSeconds >= 3600}
          />
          <Fact
            label="Median first reply"
            value={total ? formatSeconds(total.medianSeconds) : null}
            hint={
              total
                ? `answered leads only (${number.format(total.answered)} of ${number.format(total.leads)}), last 30 days`
                : 'answered leads only, last 30 days'
            }
            testId="median-first-reply"
          />
          <Fact
            label="Answered within 5 min"
            value={total ? formatPercent(total.within5Minutes) : null}
            hint="of all leads of the last 30 days, the waiting ones included"
            testId="within-5-minutes"
          />
        </dl>
      </div>
      <WaitingAgeBar ages={stats.waitingAges} />
    </Card>
  )
}

/** One figure with what it counts under it; a skeleton while its source loads. */
function Fact({
  label,
  value,
  hint,
  testId,
  urgent = false,
}: {
  label: string
  value: string | null
  hint: ReactNode
  testId: string
  urgent?: boolean
}) {
  return (
    <div className="grid min-w-0 content-start gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd
        className={cn('text-xl font-semibold tabular-nums', urgent && 'text-destructive')}
        data-testid={testId}
      >
        {value ?? <Skeleton className="h-7 w-16" />}
      </dd>
      <dd className="text-xs leading-snug text-muted-foreground">{hint}</dd>
    </div>
  )
}
