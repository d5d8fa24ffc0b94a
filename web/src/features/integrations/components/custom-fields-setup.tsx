import type { ClientView } from '@common/clients.ts'
import type { LeadAnalysis } from '@common/custom-fields.ts'
import { Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { Checkbox } from '@/components/ui/checkbox.tsx'
import { Label } from '@/components/ui/label.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useAnalyzeLeads } from '@/features/integrations/api/analyze-leads.ts'
import { useCreateCustomFields } from '@/features/integrations/api/create-custom-fields.ts'
import { useDeleteCustomFields } from '@/features/integrations/api/delete-custom-fields.ts'
import { useCustomFields } from '@/features/integrations/api/get-custom-fields.ts'
import { CustomFieldsPanel } from '@/features/integrations/components/custom-fields-panel.tsx'
import { SurveyPreviewList } from '@/features/integrations/components/survey-preview-list.tsx'
import { customFieldsCreatedToast } from '@/features/integrations/utils/custom-fields-toast.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

/** docs/spec/dashboard-spec.md §2.6 GoHighLevel Step 2 body: analyse leads, create fields, list them, delete all. */
export function CustomFieldsSetup({ client, isLocked }: { client: ClientView; isLocked: boolean }) {
  const analyze = useAnalyzeLeads()
  const create = useCreateCustomFields()
  const [analysis, setAnalysis] = useState<LeadAnalysis | null>(null)
  const fields = useCustomFields(client.clientId)
  const hasFields = (fields.data?.length ?? 0) > 0

  const runAnalysis = () =>
    analyze.mutateAsync(client.clientId).then(
      (result) => {
        setAnalysis(result)
        toast({
          title: 'Lead analysis complete',
          description: `Found ${result.surveyQuestions.length} survey questions and ${result.jobTypes.length} job types in ${result.totalLeads} leads.`,
        })
      },
      (error: unknown) =>
        toast({
          title: 'Error analyzing leads',
          description: serverMessageOf(error) ?? 'Failed to analyze leads',
          variant: 'destructive',
        }),
    )

  const runCreate = () => {
    if (!analysis) {
      toast({
        title: 'Error creating custom fields',
        description: 'No client or analysis data',
        variant: 'destructive',
      })
      return
    }
    create.mutateAsync({ clientId: client.clientId, analysis }).then(
      (result) => toast(customFieldsCreatedToast(result)),
      (error: unknown) =>
        toast({
          title: 'Error creating custom fields',
          description: serverMessageOf(error) ?? 'Failed to create custom fields',
          variant: 'destructive',
        }),
    )
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={analysis ? 'outline' : 'default'}
          disabled={isLocked || analyze.isPending}
          onClick={runAnalysis}
        >
          {analyze.isPending ? 'Analyzing...' : analysis ? 'Analyze Again' : 'Analyze Leads'}
        </Button>
        <Button size="sm" disabled={isLocked || !analysis || create.isPending} onClick={runCreate}>
          {create.isPending ? 'Creating...' : 'Create Custom Fields'}
        </Button>
      </div>

      {analysis && <AnalysisSummary analysis={analysis} />}

      {!isLocked && <CustomFieldsPanel clientId={client.clientId} />}

      {!isLocked && hasFields && <DeleteAllFields clientId={client.clientId} />}
    </div>
  )
}

function AnalysisSummary({ analysis }: { analysis: LeadAnalysis }) {
  const counts = [
    ['Leads', analysis.totalLeads],
    ['Standard fields', analysis.standardFields.length],
    ['Survey questions', analysis.surveyQuestions.length],
    ['Job types', analysis.jobTypes.length],
  ] as const
  return (
    <section aria-label="Lead analysis" className="grid gap-3 rounded-md border bg-muted/30 p-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map(([label, value]) => (
          <div key={label} className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {analysis.surveyQuestions.length > 0 && (
        <div className="grid gap-1.5">
          <h4 className="text-xs font-medium text-muted-foreground">Survey questions</h4>
          <SurveyPreviewList questions={analysis.surveyQuestions.map((q) => q.fieldName)} />
        </div>
      )}
      {analysis.jobTypes.length > 0 && (
        <p className="text-xs text-muted-foreground">
          <span className="font-medium">Job types:</span> {analysis.jobTypes.join(', ')}
        </p>
      )}
    </section>
  )
}

/** docs/spec/dashboard-spec.md §2.6: the delete-all button is enabled only once the confirmation box is ticked. */
function DeleteAllFields({ clientId }: { clientId: string }) {
  const checkboxId = useId()
  const [isConfirmed, setIsConfirmed] = useState(false)
  const remove = useDeleteCustomFields()

  const run = () =>
    remove.mutateAsync(clientId).then(
      (result) => {
        setIsConfirmed(false)
        toast({
          title: 'Custom fields deleted',
          description: `${result.deletedCount} custom ${result.deletedCount === 1 ? 'field' : 'fields'} deleted.`,
        })
      },
      (error: unknown) =>
        toast({
          title: 'Failed to delete custom fields',
          description: serverMessageOf(error) ?? 'The custom fields could not be deleted',
          variant: 'destructive',
        }),
    )

  return (
    <section
      aria-label="Delete all custom fields"
      className="grid gap-3 rounded-md border border-destructive/30 bg-destructive/5 p-3"
    >
      <div className="flex items-center gap-2">
        <Checkbox
          id={checkboxId}
          checked={isConfirmed}
          onCheckedChange={(checked) => setIsConfirmed(checked === true)}
        />
        <Label htmlFor={checkboxId} className="font-normal">
          I understand this action cannot be undone
        </Label>
      </div>
      <Button
        variant="destructive"
        size="sm"
        className="w-fit"
        disabled={!isConfirmed || remove.isPending}
        onClick={run}
      >
        <Trash2 />
        {remove.isPending ? 'Deleting...' : 'Delete All Custom Fields'}
      </Button>
    </section>
  )
}
