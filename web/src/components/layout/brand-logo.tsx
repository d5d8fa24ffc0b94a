import { cn } from '@/lib/utils.ts'

/** The LeadRelay mark: two arrows relaying between Yelp and GoHighLevel. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm',
        className,
      )}
      aria-hidden="true"
    >
      <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.25">
        <path d="M4 8h13l-3.5-3.5" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M20 16H7l3.5 3.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  )
}

export function BrandLogo({ className, tagline = true }: { className?: string; tagline?: boolean }) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <BrandMark />
      <div className="min-w-0 leading-tight">
        <div className="text-base font-semibold tracking-tight text-foreground">LeadRelay</div>
        {tagline && <div className="truncate text-xs text-muted-foreground">Yelp ↔ GoHighLevel hub</div>}
      </div>
    </div>
  )
}
