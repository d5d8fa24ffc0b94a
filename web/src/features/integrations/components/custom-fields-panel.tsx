import { DATA_TYPE_LABELS } from '@common/custom-fields.ts'
import { Badge } from '@/components/ui/badge.tsx'
import { useCustomFields } from '@/features/integrations/api/get-custom-fields.ts'

/**
 * docs/spec/dashboard-spec.md §2.8: the client's custom-field records. 'Loading custom fields...' while loading,
 * nothing at all when there are none, else the list (scrolling past max-h-64, docs/spec/dashboard-spec.md §2.6).
 */
export function CustomFieldsPanel({ clientId }: { clientId: string }) {
  const fields = useCustomFields(clientId)

  if (fields.isPending) return <p className="text-sm text-muted-foreground">Loading custom fields...</p>
  if (!fields.data || fields.data.length === 0) return null

  return (
    <section aria-label="Created custom fields" className="grid gap-2">
      <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
        Created fields ({fields.data.length})
      </h4>
      <ul className="max-h-64 divide-y overflow-y-auto rounded-md border" data-testid="custom-field-list">
        {fields.data.map((field) => (
          <li key={field.id} className="flex items-center justify-between gap-3 px-3 py-2">
            <div className="min-w-0">
              <div className="truncate text-sm font-medium">{field.ghlFieldName ?? field.fieldName}</div>
              {field.fieldKey && (
                <div className="truncate font-mono text-xs text-muted-foreground">{field.fieldKey}</div>
              )}
            </div>
            <div className="flex shrink-0 items-center gap-1.5">
              {field.sourceType === 'survey_question' && (
                <Badge variant="outline" className="text-muted-foreground">
                  Survey
                </Badge>
              )}
              <Badge variant="secondary">{DATA_TYPE_LABELS[field.dataType] ?? field.dataType}</Badge>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
