import { PLAYBOOK_MODES, type PlaybookInput, type PlaybookMode } from '@common/playbook.ts'
import { type Control, useController } from 'react-hook-form'
import { Label } from '@/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx'
import { FieldMessages } from '@/features/integrations/components/field-messages.tsx'

const MODE_LABELS: Record<PlaybookMode, string> = {
  auto: 'Send automatically',
  suggest: 'Suggest a draft to approve',
}

/** `auto` sends; `suggest` leaves a draft in the inbox for a person (docs/spec/product.md §9.2). */
export function PlaybookModeSelect({
  control,
  name,
  id,
  label,
}: {
  control: Control<PlaybookInput>
  name: 'firstReply.mode' | 'followUpMode'
  id: string
  label: string
}) {
  const { field, fieldState } = useController({ control, name })
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={typeof field.value === 'string' ? field.value : 'auto'} onValueChange={field.onChange}>
        <SelectTrigger id={id} className="w-full" onBlur={field.onBlur}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PLAYBOOK_MODES.map((mode) => (
            <SelectItem key={mode} value={mode}>
              {MODE_LABELS[mode]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldMessages id={`${id}-error`} error={fieldState.error} />
    </div>
  )
}
