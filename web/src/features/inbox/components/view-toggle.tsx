import type { LucideIcon } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { cn } from '@/lib/utils.ts'

const number = new Intl.NumberFormat()

/**
 * One of the inbox's quick views ("Needs reply", "Draft ready"): a toggle that says how many
 * leads it holds, so the operator sees what waits before opening it.
 */
export function ViewToggle({
  label,
  icon: Icon,
  isOn,
  count,
  onToggle,
  testId,
}: {
  label: string
  icon: LucideIcon
  isOn: boolean
  /** Unknown while it loads: no number rather than a wrong one. */
  count: number | undefined
  onToggle: () => void
  testId: string
}) {
  return (
    <Button
      type="button"
      variant={isOn ? 'default' : 'outline'}
      aria-pressed={isOn}
      className="w-fit"
      onClick={onToggle}
      data-testid={testId}
    >
      <Icon aria-hidden="true" />
      {label}
      {count !== undefined && (
        <span
          className={cn(
            'min-w-5 rounded-full px-1.5 text-xs font-semibold tabular-nums',
            isOn ? 'bg-primary-foreground/20' : count > 0 ? 'bg-amber-500/15 text-amber-800' : 'bg-muted',
          )}
          data-testid={`${testId}-count`}
        >
          {number.format(count)}
        </span>
      )}
    </Button>
  )
}
