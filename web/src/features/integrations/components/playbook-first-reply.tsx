import { MAX_DELAY_SECONDS, type PlaybookInput, type TemplateValues } from '@common/playbook.ts'
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { Switch } from '@/components/ui/switch.tsx'
import { FieldMessages } from '@/features/integrations/components/field-messages.tsx'
import { PlaybookModeSelect } from '@/features/integrations/components/playbook-mode-select.tsx'
import { PlaybookSourceSelect } from '@/features/integrations/components/playbook-source-select.tsx'
import { TemplateField } from '@/features/integrations/components/template-field.tsx'
import type { MomentText } from '@/features/integrations/utils/playbook-preview.ts'

const MOMENT_NOTE: Record<MomentText, string> = {
  'in-hours': 'A customer writing now would get the in-hours text.',
  'after-hours': 'A customer writing now would get the after-hours text.',
  unknown: 'Fix the timezone and hours to see which text a customer writing now would get.',
}

/** docs/spec/product.md §9.2 "First reply": on or off, auto or suggest, delay, the two texts. */
export function PlaybookFirstReply({
  control,
  register,
  errors,
  preview,
  moment,
  hasAfterHours,
  isAiEnabled,
}: {
  control: Control<PlaybookInput>
  register: UseFormRegister<PlaybookInput>
  errors: FieldErrors<PlaybookInput>
  preview: TemplateValues
  moment: MomentText
  hasAfterHours: boolean
  /** The server has a model (docs/spec/product.md §9.6): the texts may be written by it. */
  isAiEnabled: boolean
}) {
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">First reply</legend>
      <Controller
        control={control}
        name="firstReply.enabled"
        render={({ field }) => (
          <Label className="font-normal">
            <Switch checked={field.value === true} onCheckedChange={field.onChange} onBlur={field.onBlur} />
            Answer every new lead's first message
          </Label>
        )}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <PlaybookModeSelect control={control} name="firstReply.mode" id="playbook-first-mode" label="Mode" />
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="playbook-first-delay">Delay (seconds)</Label>
          <Input
            id="playbook-first-delay"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_DELAY_SECONDS}
            aria-invalid={errors.firstReply?.delaySeconds ? true : undefined}
            {...register('firstReply.delaySeconds', { valueAsNumber: true })}
          />
          <FieldMessages id="playbook-first-delay-error" error={errors.firstReply?.delaySeconds} />
        </div>
      </div>
      <PlaybookSourceSelect control={control} isAiEnabled={isAiEnabled} />
      <TemplateField
        control={control}
        name="firstReply.inHours"
        id="playbook-in-hours"
        label="In business hours"
        placeholder="Hi {firstName}, thanks for reaching out about {jobType}!"
        preview={preview}
      />
      <TemplateField
        control={control}
        name="firstReply.afterHours"
        id="playbook-after-hours"
        label="After hours"
        hint="Leave empty to send the in-hours text at any time."
        placeholder="Hi {firstName}, we're closed now and will reply first thing in the morning."
        preview={preview}
      />
      <p className="text-xs text-muted-foreground" data-testid="playbook-moment-note">
        {MOMENT_NOTE[moment]}
        {moment === 'after-hours' && !hasAfterHours ? ' It is empty, so the in-hours text is sent.' : ''}
      </p>
    </fieldset>
  )
}
