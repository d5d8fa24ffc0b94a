import { AlertTriangle } from 'lucide-react'
import { Link } from 'wouter'
import { FAILED_JOBS_ANCHOR, type SystemProblem } from '@/app/layout/system-problems.ts'

/**
 * Under the header, on every screen and at every width: each thing that keeps the engine from
 * working, in words, with where it is fixed. Nothing while all is well.
 */
export function SystemProblemsStrip({
  problems,
  onOpenHealth,
}: {
  problems: readonly SystemProblem[]
  onOpenHealth: (() => void) | null
}) {
  if (problems.length === 0) return null
  return (
    <section
      aria-label="System problems"
      className="border-t border-amber-500/30 bg-amber-500/10 px-4 py-2 sm:px-6 lg:px-8"
      data-testid="system-problems"
    >
      <ul className="flex flex-col gap-x-6 gap-y-1.5 text-sm md:flex-row md:flex-wrap">
        {problems.map((problem) => (
          <li key={problem.key} className="flex min-w-0 items-start gap-2" data-problem={problem.key}>
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
            <span className="min-w-0">
              <span className="font-medium">{problem.text}</span>
              <span className="text-muted-foreground"> — {problem.detail}</span>
              <FixLink problem={problem} onOpenHealth={onOpenHealth} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

const LINK = 'ml-2 font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline'

function FixLink({ problem, onOpenHealth }: { problem: SystemProblem; onOpenHealth: (() => void) | null }) {
  const { fix } = problem
  if (!fix) return null
  if ('opens' in fix) {
    if (!onOpenHealth) return null
    return (
      <button type="button" className={LINK} onClick={onOpenHealth}>
        {fix.label}
      </button>
    )
  }
  return (
    <Link
      href={fix.href}
      className={LINK}
      onClick={() => {
        // Already on the dashboard: the address does not change, so scroll to the card here.
        if (fix.href.endsWith(`#${FAILED_JOBS_ANCHOR}`))
          requestAnimationFrame(() =>
            document.getElementById(FAILED_JOBS_ANCHOR)?.scrollIntoView({ block: 'start' }),
          )
      }}
    >
      {fix.label}
    </Link>
  )
}
