import { Check } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/utils.ts'

export type StepState = 'done' | 'current' | 'locked'

/** One numbered step of the Integration Setup tabs (docs/spec/dashboard-spec.md §2.6, order of §4). */
export function SetupStep({
  step,
  title,
  description,
  state,
  children,
}: {
  step: number | string
  title: string
  description?: ReactNode
  state: StepState
  children?: ReactNode
}) {
  return (
    <section
      aria-label={title}
      data-state={state}
      className={cn('flex gap-4 rounded-lg border bg-card p-4', state === 'locked' && 'bg-muted/40')}
    >
      <span
        className={cn(
          'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
          state === 'done' && 'bg-success text-white',
          state === 'current' && 'bg-primary text-primary-foreground',
          state === 'locked' && 'bg-muted text-muted-foreground ring-1 ring-border',
        )}
        aria-hidden="true"
      >
        {state === 'done' ? <Check className="size-4" /> : step}
      </span>
      <div className="grid min-w-0 flex-1 gap-3">
        <div className="grid gap-1">
          <h3
            className={cn('text-sm font-semibold leading-7', state === 'locked' && 'text-muted-foreground')}
          >
            {title}
          </h3>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {children}
      </div>
    </section>
  )
}
