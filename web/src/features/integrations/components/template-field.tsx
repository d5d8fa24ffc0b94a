import {
  MAX_TEMPLATE_LENGTH,
  type PlaybookInput,
  renderTemplate,
  TEMPLATE_PLACEHOLDERS,
  type TemplateValues,
  templateWarnings,
  templateWarningText,
} from '@common/playbook.ts'
import { TriangleAlert } from 'lucide-react'
import { useRef } from 'react'
import { type Control, type FieldPath, useController } from 'react-hook-form'
import { Label } from '@/components/ui/label.tsx'
import { FieldMessages } from '@/features/integrations/components/field-messages.tsx'

/**
 * One template of the playbook (docs/spec/product.md §9.2): the text, chips that insert a
 * placeholder where the cursor is, the schema's message under it, and the text as the customer
 * would read it.
 */
export function TemplateField({
  control,
  name,
  id,
  label,
  hint,
  preview,
  placeholder,
}: {
  control: Control<PlaybookInput>
  name: FieldPath<PlaybookInput>
  id: string
  label: string
  hint?: string
  preview: TemplateValues
  placeholder?: string
}) {
  const { field, fieldState } = useController({ control, name })
  const boxRef = useRef<HTMLTextAreaElement | null>(null)
  const text = typeof field.value === 'string' ? field.value : ''

  const insert = (placeholderName: string) => {
    const box = boxRef.current
    const token = `{${placeholderName}}`
    const start = box?.selectionStart ?? text.length
    const end = box?.selectionEnd ?? text.length
    field.onChange(text.slice(0, start) + token + text.slice(end))
    // After React wrote the new value: the cursor just past what was inserted.
    requestAnimationFrame(() => {
      box?.focus()
      box?.setSelectionRange(start + token.length, start + token.length)
    })
  }

  const rendered = text.trim() ? renderTemplate(text, preview) : ''
  const warnings = rendered ? templateWarnings(text, preview) : []
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <textarea
        id={id}
        name={field.name}
        ref={(element) => {
          boxRef.current = element
          field.ref(element)
        }}
        value={text}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        rows={3}
        maxLength={MAX_TEMPLATE_LENGTH * 2}
        placeholder={placeholder}
        aria-invalid={fieldState.error ? true : undefined}
        aria-describedby={fieldState.error ? `${id}-error` : undefined}
        className="min-h-16 w-full min-w-0 resize-y rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive"
      />
      <fieldset className="flex flex-wrap items-center gap-1.5" aria-label={`Insert into ${label}`}>
        {TEMPLATE_PLACEHOLDERS.map((placeholderName) => (
          <button
            key={placeholderName}
            type="button"
            onClick={() => insert(placeholderName)}
            className="rounded-full border bg-muted/60 px-2 py-0.5 font-mono text-xs hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            {`{${placeholderName}}`}
          </button>
        ))}
      </fieldset>
      <FieldMessages id={`${id}-error`} error={fieldState.error} />
      {rendered && (
        <p
          className="rounded-md border border-dashed bg-muted/40 px-3 py-2 text-sm break-words whitespace-pre-wrap"
          data-testid={`${id}-preview`}
        >
          <span className="mb-0.5 block text-xs font-medium text-muted-foreground">Preview</span>
          {rendered}
        </p>
      )}
      {warnings.length > 0 && (
        <ul className="grid gap-1 text-xs text-amber-700 dark:text-amber-400" data-testid={`${id}-warnings`}>
          {warnings.map((warning) => (
            <li key={templateWarningText(warning)} className="flex items-start gap-1.5">
              <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
              {templateWarningText(warning)}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
