import { LEAD_STATUSES } from '@common/leads.ts'
import {
  type GhlPipelineView,
  type PipelineAnswer,
  type PipelineSettings,
  pipelineSettingsSchema,
} from '@common/pipeline.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button.tsx'
import { Label } from '@/components/ui/label.tsx'
import { Switch } from '@/components/ui/switch.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useSavePipeline } from '@/features/integrations/api/save-pipeline.ts'
import {
  guessStages,
  PIPELINE_STATUS_LABELS,
} from '@/features/integrations/components/pipeline/pipeline-stage-guess.ts'
import { serverMessageOf } from '@/lib/api-client.ts'
import { cn } from '@/lib/utils.ts'

// A native select: four of them on a phone are easier with the system's own picker.
const SELECT_CLASS =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive disabled:opacity-50'

/** Pick a pipeline, map each lead status to one of its stages, turn it on (docs/spec/product.md §9.4). */
export function PipelineMappingForm({
  clientId,
  pipelines,
  saved,
}: {
  clientId: string
  pipelines: GhlPipelineView[]
  saved: PipelineAnswer
}) {
  const id = useId()
  const save = useSavePipeline(clientId)
  const initialPipeline = pipelines.find((p) => p.id === saved.pipelineId) ?? pipelines[0]
  const savedStages = saved.pipelineId === initialPipeline?.id ? saved.stages : null
  const guessed = guessStages(initialPipeline)
  const {
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isDirty },
  } = useForm<PipelineSettings>({
    resolver: zodResolver(pipelineSettingsSchema),
    defaultValues: {
      enabled: saved.pipelineId ? saved.enabled : true,
      pipelineId: initialPipeline?.id ?? '',
      stages: {
        new: savedStages?.new ?? guessed.new,
        contacted: savedStages?.contacted ?? guessed.contacted,
        converted: savedStages?.converted ?? guessed.converted,
        closed: savedStages?.closed ?? guessed.closed,
      },
    },
  })
  const pipelineId = watch('pipelineId')
  const pipeline = pipelines.find((p) => p.id === pipelineId)

  const onPipeline = (next: string) => {
    setValue('pipelineId', next, { shouldDirty: true })
    const stages = guessStages(pipelines.find((p) => p.id === next))
    for (const status of LEAD_STATUSES) setValue(`stages.${status}`, stages[status], { shouldDirty: true })
  }

  const onSubmit = handleSubmit((settings) =>
    save.mutateAsync(settings).then(
      (result) =>
        toast({
          title: 'Pipeline saved',
          description: result.enabled
            ? `New Yelp leads get an opportunity in ${pipeline?.name ?? 'the pipeline'}.`
            : 'Opportunities are not created or moved while the pipeline is off.',
        }),
      (error: unknown) =>
        toast({
          title: 'Error saving the pipeline',
          description: serverMessageOf(error) ?? 'The pipeline could not be saved',
          variant: 'destructive',
        }),
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Pipeline mapping">
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <Switch id={`${id}-enabled`} checked={field.value} onCheckedChange={field.onChange} />
          )}
        />
        <Label htmlFor={`${id}-enabled`} className="font-normal">
          Create and move GoHighLevel opportunities for Yelp leads
        </Label>
      </div>

      <div className="grid gap-2">
        <Label htmlFor={`${id}-pipeline`}>Pipeline</Label>
        <select
          id={`${id}-pipeline`}
          className={SELECT_CLASS}
          value={pipelineId}
          onChange={(event) => onPipeline(event.target.value)}
        >
          {pipelines.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Stage for each lead status</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {LEAD_STATUSES.map((status) => {
            const error = errors.stages?.[status]
            return (
              <div key={status} className="grid gap-1.5">
                <Label htmlFor={`${id}-${status}`} className="font-normal">
                  {PIPELINE_STATUS_LABELS[status]}
                </Label>
                <Controller
                  control={control}
                  name={`stages.${status}`}
                  render={({ field }) => (
                    <select
                      id={`${id}-${status}`}
                      className={cn(SELECT_CLASS, 'min-w-0')}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-${status}-error` : undefined}
                      name={field.name}
                      value={field.value}
                      onChange={(event) => field.onChange(event.target.value)}
                      onBlur={field.onBlur}
                    >
                      <option value="">Choose a stage</option>
                      {pipeline?.stages.map((stage) => (
                        <option key={stage.id} value={stage.id}>
                          {stage.name}
                        </option>
                      ))}
                    </select>
                  )}
                />
                {error && (
                  <p id={`${id}-${status}-error`} className="text-sm text-destructive">
                    Choose the stage for {PIPELINE_STATUS_LABELS[status].toLowerCase()} leads
                  </p>
                )}
              </div>
            )
          })}
        </div>
        <p className="text-xs text-muted-foreground">
          Converted marks the opportunity won and Closed marks it lost. In GoHighLevel, won makes the lead
          converted and lost or abandoned makes it closed.
        </p>
      </fieldset>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Pipeline'}
        </Button>
        {!isDirty && saved.pipelineId && (
          <p className="text-sm text-muted-foreground" data-testid="pipeline-saved-state">
            {saved.enabled ? 'On' : 'Off'}:{' '}
            {pipelines.find((p) => p.id === saved.pipelineId)?.name ?? saved.pipelineId}
          </p>
        )}
      </div>
    </form>
  )
}
