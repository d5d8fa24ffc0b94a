import type { ClientView } from '@common/clients.ts'
import { PIPELINE_RECONNECT_MESSAGE } from '@common/pipeline.ts'
import { AlertTriangle, RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useGhlPipelines } from '@/features/integrations/api/get-ghl-pipelines.ts'
import { usePipeline } from '@/features/integrations/api/get-pipeline.ts'
import { OAuthButton } from '@/features/integrations/components/oauth-button.tsx'
import { OpportunityBackfillButton } from '@/features/integrations/components/pipeline/opportunity-backfill-button.tsx'
import { PipelineMappingForm } from '@/features/integrations/components/pipeline/pipeline-mapping-form.tsx'
import { ghlAuthUrl } from '@/features/integrations/utils/oauth-links.ts'
import { ApiError, serverMessageOf } from '@/lib/api-client.ts'

/**
 * The "Pipeline" step of the GoHighLevel tab (docs/spec/product.md §9.4): the location's pipelines
 * read from GoHighLevel, the status → stage mapping, and the backfill of existing leads.
 */
export function PipelineStep({ client }: { client: ClientView }) {
  return (
    <section aria-label="Pipeline" className="grid gap-3 rounded-lg border bg-card p-4">
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">Pipeline</h3>
        <p className="text-sm text-muted-foreground">
          Give every Yelp lead an opportunity in a GoHighLevel pipeline. Its stage follows the lead's status,
          and a stage moved in GoHighLevel changes the status here.
        </p>
      </div>
      <PipelineBody client={client} />
    </section>
  )
}

function PipelineBody({ client }: { client: ClientView }) {
  const pipelines = useGhlPipelines(client.clientId)
  const saved = usePipeline(client.clientId)

  if (pipelines.isPending || saved.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading pipelines from GoHighLevel">
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-2/3" />
      </div>
    )
  }
  if (pipelines.isError && serverMessageOf(pipelines.error) === PIPELINE_RECONNECT_MESSAGE) {
    return <ReconnectNotice client={client} />
  }
  const error = pipelines.error ?? saved.error
  if (error) {
    const message = serverMessageOf(error) ?? (error instanceof ApiError ? error.message : 'unknown error')
    return (
      <div className="grid gap-2" role="alert">
        <p className="text-sm text-destructive break-words">
          The pipelines could not be read from GoHighLevel: {message}
        </p>
        <Button size="sm" variant="outline" className="w-fit" onClick={() => void pipelines.refetch()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    )
  }
  if (!pipelines.data?.length || !saved.data) {
    return (
      <div className="grid gap-2 rounded-md border border-dashed p-4 text-sm">
        <p className="font-medium">This GoHighLevel location has no pipeline yet</p>
        <p className="text-muted-foreground">
          Create one in GoHighLevel (Opportunities → Pipelines) with a stage for each lead status, then load
          the pipelines again.
        </p>
        <Button size="sm" variant="outline" className="w-fit" onClick={() => void pipelines.refetch()}>
          <RefreshCw aria-hidden="true" />
          Load pipelines again
        </Button>
      </div>
    )
  }
  return (
    <div className="grid gap-4">
      <PipelineMappingForm clientId={client.clientId} pipelines={pipelines.data} saved={saved.data} />
      <OpportunityBackfillButton clientId={client.clientId} disabled={!saved.data.enabled} />
    </div>
  )
}

function ReconnectNotice({ client }: { client: ClientView }) {
  return (
    <div
      className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100 p-3"
      role="alert"
    >
      <p className="flex items-start gap-2 text-sm">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <span className="font-medium">{capitalise(PIPELINE_RECONNECT_MESSAGE)}.</span> This connection was
          made before LeadRelay asked GoHighLevel for access to opportunities.
        </span>
      </p>
      <OAuthButton href={ghlAuthUrl(client.clientId, false)} clientId={client.clientId}>
        Reconnect GoHighLevel
      </OAuthButton>
    </div>
  )
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
