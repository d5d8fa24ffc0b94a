import type { WaitingAges } from '@common/stats.ts'
import { cn } from '@/lib/utils.ts'

/** The four ages of a wait, shortest first, each with its colour: the longer, the more alarming. */
export const WAITING_AGE_BUCKETS = [
  { key: 'under5Minutes', label: '< 5 min', bar: 'bg-success', swatch: 'bg-success' },
  { key: 'minutes5To60', label: '5–60 min', bar: 'bg-amber-400', swatch: 'bg-amber-400' },
  { key: 'hours1To24', label: '1–24 h', bar: 'bg-orange-500', swatch: 'bg-orange-500' },
  { key: 'over1Day', label: '> 1 d', bar: 'bg-destructive', swatch: 'bg-destructive' },
] as const satisfies ReadonlyArray<{ key: keyof WaitingAges; label: string; bar: string; swatch: string }>

/**
 * The leads waiting now by how long they have waited (docs/spec/product.md §9.1), as one bar split
 * in four with the counts in words under it: a glance says whether the waits are minutes or days.
 */
export function WaitingAgeBar({ ages }: { ages: WaitingAges }) {
  const total = WAITING_AGE_BUCKETS.reduce((sum, bucket) => sum + ages[bucket.key], 0)
  return (
    <figure className="grid gap-2" data-testid="waiting-age-bar">
      <div
        className="flex h-2.5 w-full overflow-hidden rounded-full bg-muted"
        role="img"
        aria-label={
          total === 0
            ? 'No lead is waiting'
            : `Waiting for: ${WAITING_AGE_BUCKETS.map((bucket) => `${bucket.label}: ${ages[bucket.key]}`).join(', ')}`
        }
      >
        {WAITING_AGE_BUCKETS.map((bucket) =>
          ages[bucket.key] > 0 ? (
            <span
              key={bucket.key}
              className={cn('h-full', bucket.bar)}
              style={{ width: `${(ages[bucket.key] / total) * 100}%` }}
            />
          ) : null,
        )}
      </div>
      <figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          {WAITING_AGE_BUCKETS.map((bucket) => (
            <li key={bucket.key} className="flex items-center gap-1.5" data-bucket={bucket.key}>
              <span className={cn('size-2.5 rounded-sm', bucket.swatch)} aria-hidden="true" />
              {bucket.label}
              <span
                className="font-medium tabular-nums text-foreground"
                data-testid={`waiting-age-${bucket.key}`}
              >
                {ages[bucket.key]}
              </span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  )
}
