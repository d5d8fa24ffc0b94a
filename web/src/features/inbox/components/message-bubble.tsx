import type { ReactNode } from 'react'
import { cn } from '@/lib/utils.ts'

/** Customer messages on the left, the business's on the right (docs/spec/dashboard-spec.md §2.14). */
export function MessageBubble({
  isBusiness,
  label,
  meta,
  children,
  footer,
}: {
  isBusiness: boolean
  label: string
  meta: string
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <li
      className={cn('flex', isBusiness ? 'justify-end' : 'justify-start')}
      data-side={isBusiness ? 'business' : 'customer'}
    >
      <div
        className={cn(
          'grid max-w-[85%] min-w-0 gap-1 rounded-lg px-3 py-2 sm:max-w-[75%]',
          isBusiness ? 'bg-primary text-primary-foreground' : 'bg-muted',
        )}
      >
        <div
          className={cn(
            'flex flex-wrap gap-x-2 text-[11px]',
            isBusiness ? 'text-primary-foreground/80' : 'text-muted-foreground',
          )}
        >
          <span className="font-semibold">{label}</span>
          <span>{meta}</span>
        </div>
        {children}
        {footer}
      </div>
    </li>
  )
}
