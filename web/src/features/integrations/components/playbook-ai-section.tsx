import { MAX_PROFILE_LENGTH, type PlaybookInput } from '@common/playbook.ts'
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form'
import { Label } from '@/components/ui/label.tsx'
import { Switch } from '@/components/ui/switch.tsx'
import { FieldMessages } from '@/features/integrations/components/field-messages.tsx'

/**
 * docs/spec/product.md §9.6: what AI drafts are written from (the business profile) and whether
 * they may carry a phone number or email address. Without a model on the server the profile is
 * still kept, and the section says how to turn AI drafts on.
 */
export function PlaybookAiSection({
  control,
  register,
  errors,
  isAiEnabled,
}: {
  control: Control<PlaybookInput>
  register: UseFormRegister<PlaybookInput>
  errors: FieldErrors<PlaybookInput>
  isAiEnabled: boolean
}) {
  return (
    <fieldset className="grid gap-3 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">AI drafts</legend>
      {!isAiEnabled && (
        <p className="text-xs text-muted-foreground" data-testid="playbook-ai-off">
          AI drafts are off on this server: set AI_BASE_URL (an OpenAI-compatible server, /v1 included) and
          AI_MODEL to enable them.
        </p>
      )}
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="playbook-profile">Business profile</Label>
        <p className="text-xs text-muted-foreground">
          What the business does, its area and prices, in your words: AI drafts are written from it.
        </p>
        <textarea
          id="playbook-profile"
          rows={3}
          maxLength={MAX_PROFILE_LENGTH * 2}
          aria-invalid={errors.profile ? true : undefined}
          className="min-h-16 w-full min-w-0 resize-y rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50"
          {...register('profile')}
        />
        <FieldMessages id="playbook-profile-error" error={errors.profile} />
      </div>
      <Controller
        control={control}
        name="allowContactDetails"
        render={({ field }) => (
          <Label className="font-normal">
            <Switch checked={field.value === true} onCheckedChange={field.onChange} onBlur={field.onBlur} />
            Let AI drafts include phone numbers and email addresses
          </Label>
        )}
      />
    </fieldset>
  )
}
