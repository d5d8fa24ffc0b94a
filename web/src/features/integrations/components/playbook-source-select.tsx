import { FIRST_REPLY_SOURCES, type FirstReplySource, type PlaybookInput } from '@common/playbook.ts'
import { type Control, useController } from 'react-hook-form'
import { Label } from '@/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx'
import { FieldMessages } from '@/features/integrations/components/field-messages.tsx'

const SOURCE_LABELS: Record<FirstReplySource, string> = {
  template: 'The texts below',
  ai: 'AI, from the lead’s words',
}

/**
 * docs/spec/product.md §9.6 `firstReply.source`: the texts below, or the model writing from the
 * lead (the texts below then serve when the model fails). Only offered when the server has a model.
 */
export function PlaybookSourceSelect({
  control,
  isAiEnabled,
}: {
  control: Control<PlaybookInput>
  isAiEnabled: boolean
}) {
  const { field, fieldState } = useController({ control, name: 'firstReply.source' })
  const value = field.value === 'ai' ? 'ai' : 'template'
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor="playbook-first-source">Written by</Label>
      <Select value={value} onValueChange={field.onChange} disabled={!isAiEnabled && value === 'template'}>
        <SelectTrigger id="playbook-first-source" className="w-full" onBlur={field.onBlur}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {FIRST_REPLY_SOURCES.filter((source) => isAiEnabled || source === 'template' || value === 'ai').map(
            (source) => (
              <SelectItem key={source} value={source}>
                {SOURCE_LABELS[source]}
              </SelectItem>
            ),
          )}
        </SelectContent>
      </Select>
      <p className="text-xs text-muted-foreground" data-testid="playbook-source-note">
        {isAiEnabled
          ? value === 'ai'
            ? 'The model writes each first reply; the texts below are sent if it fails or takes over 20 s.'
            : 'Choose AI to have each first reply written from the lead’s own words.'
          : 'AI-written replies are off: set AI_BASE_URL and AI_MODEL on the server to enable them.'}
        {!isAiEnabled && value === 'ai' ? ' Until then the texts below are sent.' : ''}
      </p>
      <FieldMessages id="playbook-first-source-error" error={fieldState.error} />
    </div>
  )
}
