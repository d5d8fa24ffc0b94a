import {
  MAX_FOLLOW_UP_MINUTES,
  MAX_FOLLOW_UPS,
  type PlaybookInput,
  type TemplateValues,
} from '@common/playbook.ts'
import { Plus, Trash2 } from 'lucide-react'
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { FieldMessages } from '@/features/integrations/components/field-messages.tsx'
import { PlaybookModeSelect } from '@/features/integrations/components/playbook-mode-select.tsx'
import { TemplateField } from '@/features/integrations/components/template-field.tsx'

/**
 * docs/spec/product.md §9.2 "Follow-ups": up to five steps, each due some minutes after the
 * previous business message, sent only in business hours and stopped when anyone speaks.
 */
export function PlaybookFollowUps({
  control,
  register,
  errors,
  preview,
}: {
  control: Control<PlaybookInput>
  register: UseFormRegister<PlaybookInput>
  errors: FieldErrors<PlaybookInput>
  preview: TemplateValues
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'followUps' })
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">Follow-ups</legend>
      <p className="text-xs text-muted-foreground">
        Each is sent the given minutes after the previous business message, only in business hours, and never
        once the customer writes, a person replies or the lead is converted or closed.
      </p>
      <PlaybookModeSelect control={control} name="followUpMode" id="playbook-follow-up-mode" label="Mode" />
      {fields.length === 0 && <p className="text-sm text-muted-foreground">No follow-ups</p>}
      <ol className="grid gap-3">
        {fields.map((item, index) => (
          <li
            key={item.id}
            className="grid gap-2 rounded-md border bg-muted/20 p-3"
            data-follow-up={index + 1}
          >
            <div className="flex flex-wrap items-end gap-2">
              <div className="grid gap-1.5">
                <Label htmlFor={`playbook-follow-up-${index}-after`}>
                  Follow-up {index + 1}: after (minutes)
                </Label>
                <Input
                  id={`playbook-follow-up-${index}-after`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_FOLLOW_UP_MINUTES}
                  className="w-32"
                  aria-invalid={errors.followUps?.[index]?.afterMinutes ? true : undefined}
                  {...register(`followUps.${index}.afterMinutes`, { valueAsNumber: true })}
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="ml-auto"
                onClick={() => remove(index)}
                aria-label={`Remove follow-up ${index + 1}`}
              >
                <Trash2 />
                Remove
              </Button>
            </div>
            <FieldMessages
              id={`playbook-follow-up-${index}-after-error`}
              error={errors.followUps?.[index]?.afterMinutes}
            />
            <TemplateField
              control={control}
              name={`followUps.${index}.text`}
              id={`playbook-follow-up-${index}-text`}
              label={`Follow-up ${index + 1} text`}
              preview={preview}
            />
          </li>
        ))}
      </ol>
      <FieldMessages
        id="playbook-follow-ups-error"
        error={{ root: errors.followUps?.root, message: errors.followUps?.message }}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        disabled={fields.length >= MAX_FOLLOW_UPS}
        onClick={() => append({ afterMinutes: fields.length ? 1440 : 60, text: '' })}
      >
        <Plus />
        Add follow-up ({fields.length}/{MAX_FOLLOW_UPS})
      </Button>
    </fieldset>
  )
}
