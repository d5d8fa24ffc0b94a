import { type DayHours, type PlaybookInput, WEEKDAYS, type Weekday } from '@common/playbook.ts'
import { Plus, X } from 'lucide-react'
import { type Control, useController } from 'react-hook-form'
import { Button } from '@/components/ui/button.tsx'
import { FieldMessages } from '@/features/integrations/components/field-messages.tsx'

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
}
/** docs/spec/product.md §9.2 allows four openings a day (a lunch break, a split shift). */
const MAX_OPENINGS = 4

/**
 * The business hours as a week (docs/spec/product.md §9.2): each day closed or open in one to
 * four ranges of `HH:MM` times, `24:00` ending a day; a day without ranges is closed.
 */
export function PlaybookHoursGrid({ control }: { control: Control<PlaybookInput> }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Business hours</legend>
      <p className="text-xs text-muted-foreground">
        Times in the playbook's timezone. A day without hours is closed; 00:00–24:00 is all day.
      </p>
      <ul className="grid divide-y rounded-md border">
        {WEEKDAYS.map((day) => (
          <DayRow key={day} control={control} day={day} />
        ))}
      </ul>
    </fieldset>
  )
}

function DayRow({ control, day }: { control: Control<PlaybookInput>; day: Weekday }) {
  const { field, fieldState } = useController({ control, name: `businessHours.${day}` })
  const openings: DayHours = Array.isArray(field.value) ? field.value : []
  const change = (next: DayHours) => field.onChange(next)
  const last = openings.at(-1)
  const canAdd = openings.length < MAX_OPENINGS && last?.[1] !== '24:00'
  const add = () => change([...openings, last ? [last[1], '24:00'] : ['08:00', '18:00']])
  const setTime = (index: number, end: 0 | 1, value: string) =>
    change(
      openings.map((opening, i): [string, string] =>
        i !== index ? opening : end === 0 ? [value, opening[1]] : [opening[0], value],
      ),
    )

  return (
    <li className="grid gap-1 px-3 py-2" data-day={day}>
      {/* On a phone the day and its Add button share a row and the ranges wrap below them. */}
      <div className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1.5 sm:grid-cols-[6rem_1fr_auto]">
        <span className="text-sm font-medium">{DAY_NAMES[day]}</span>
        <div className="col-span-2 row-start-2 flex min-w-0 flex-wrap items-center gap-2 sm:col-span-1 sm:col-start-2 sm:row-start-1">
          {openings.length === 0 && <span className="text-sm text-muted-foreground">Closed</span>}
          {openings.map((opening, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: openings have no identity but their place.
            <span key={index} className="flex items-center gap-1">
              <TimeInput
                label={`${DAY_NAMES[day]} opening ${index + 1} from`}
                value={opening[0]}
                onChange={(value) => setTime(index, 0, value)}
              />
              <span aria-hidden="true">–</span>
              <TimeInput
                label={`${DAY_NAMES[day]} opening ${index + 1} to`}
                value={opening[1]}
                onChange={(value) => setTime(index, 1, value)}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={`Remove ${DAY_NAMES[day]} opening ${index + 1}`}
                onClick={() => change(openings.filter((_, i) => i !== index))}
              >
                <X />
              </Button>
            </span>
          ))}
        </div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="col-start-2 row-start-1 h-7 px-2 sm:col-start-3"
          disabled={!canAdd}
          onClick={add}
          aria-label={`Add hours on ${DAY_NAMES[day]}`}
        >
          <Plus />
          {openings.length === 0 ? 'Open' : 'Add'}
        </Button>
      </div>
      <FieldMessages id={`playbook-hours-${day}-error`} error={fieldState.error} />
    </li>
  )
}

function TimeInput({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <input
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      inputMode="numeric"
      placeholder="HH:MM"
      maxLength={5}
      className="h-8 w-16 rounded-md border border-input bg-transparent px-2 text-center text-sm tabular-nums shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
    />
  )
}
