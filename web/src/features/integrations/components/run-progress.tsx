import { LoaderCircle } from 'lucide-react'

/**
 * A job-backed run's progress under its button (the contact sync, the opportunity backfill): the
 * status line, and a bar once the number of leads is known.
 */
export function RunProgress({
  text,
  testId,
  barLabel,
  done,
  total,
}: {
  text: string
  testId: string
  barLabel: string
  done: number
  total: number
}) {
  const share = total > 0 ? Math.min(1, done / total) : 0
  return (
    <div className="grid gap-2 rounded-md bg-muted/40 p-3">
      <p role="status" data-testid={testId} className="flex items-start gap-2 text-sm">
        <LoaderCircle className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden="true" />
        <span className="min-w-0 break-words">{text}</span>
      </p>
      {total > 0 && (
        <div
          className="h-1.5 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label={barLabel}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={Math.min(done, total)}
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${share * 100}%` }} />
        </div>
      )}
    </div>
  )
}
