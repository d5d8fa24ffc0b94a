import { Label } from '@/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx'

/** The value a filter select uses for "no filter" (Radix selects cannot hold an empty value). */
export const ALL = 'all'

/** A labelled select for list filters: `ALL` means the filter is off. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
  allLabel,
  className,
}: {
  id: string
  label: string
  value: string | undefined
  onChange: (value: string | undefined) => void
  options: ReadonlyArray<{ value: string; label: string }>
  allLabel: string
  className?: string
}) {
  return (
    <div className={`grid min-w-0 gap-1.5 ${className ?? ''}`}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : next)}>
        <SelectTrigger id={id} className="w-full min-w-0" aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value} className="max-w-[80vw]">
              <span className="truncate">{option.label}</span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
