import type { ClientView } from '@common/clients.ts'
import { ExternalLink, LoaderCircle, RefreshCw, Settings2, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useRefreshTokens } from '@/features/clients/api/refresh-tokens.ts'
import { useClientPermissions } from '@/features/clients/hooks/use-client-permissions.ts'
import { describeRefreshOutcome, refreshToastTitle } from '@/features/clients/utils/token-refresh.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

export interface ClientActionHandlers {
  onSetup: (client: ClientView) => void
  onDelete: (client: ClientView) => void
}

/** docs/spec/dashboard-spec.md §2.5 row actions, each shown only when the role may use it. */
export function ClientRowActions({
  client,
  onSetup,
  onDelete,
}: { client: ClientView } & ClientActionHandlers) {
  const { canDelete, canManageIntegrations } = useClientPermissions()
  const refresh = useTokenRefreshAction()
  const isRefreshing = refresh.isPending && refresh.variables === client.clientId

  return (
    <div className="flex items-center justify-end gap-0.5">
      <IconAction label={`Open onboarding page for ${client.name}`} tooltip="Open onboarding page">
        <a href={client.onboardingUrl} target="_blank" rel="noopener noreferrer">
          <ExternalLink />
        </a>
      </IconAction>
      {canManageIntegrations && (
        <>
          <IconAction label={`Integration setup for ${client.name}`} tooltip="Integration setup">
            <button type="button" onClick={() => onSetup(client)}>
              <Settings2 />
            </button>
          </IconAction>
          <IconAction label={`Refresh tokens for ${client.name}`} tooltip="Refresh tokens">
            <button type="button" disabled={isRefreshing} onClick={() => refresh.run(client.clientId)}>
              {isRefreshing ? <LoaderCircle className="animate-spin" /> : <RefreshCw />}
            </button>
          </IconAction>
        </>
      )}
      {canDelete && (
        <IconAction
          label={`Delete ${client.name}`}
          tooltip="Delete client"
          className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
        >
          <button type="button" onClick={() => onDelete(client)}>
            <Trash2 />
          </button>
        </IconAction>
      )}
    </div>
  )
}

function IconAction({
  label,
  tooltip,
  className = 'text-muted-foreground hover:text-foreground',
  children,
}: {
  label: string
  tooltip: string
  className?: string
  children: ReactNode
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button asChild variant="ghost" size="icon" className={`size-8 ${className}`} aria-label={label}>
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{tooltip}</TooltipContent>
    </Tooltip>
  )
}

/** Refreshes both providers' tokens and reports each outcome in one toast. */
export function useTokenRefreshAction() {
  const mutation = useRefreshTokens()
  const run = (clientId: string) =>
    mutation.mutateAsync(clientId).then(
      (result) => {
        const { title, isError } = refreshToastTitle([result.yelp, result.ghl])
        toast({
          title,
          description: (
            <span className="grid gap-0.5">
              <span>{describeRefreshOutcome('Yelp', result.yelp)}</span>
              <span>{describeRefreshOutcome('GoHighLevel', result.ghl)}</span>
            </span>
          ),
          variant: isError ? 'destructive' : 'default',
        })
      },
      (error: unknown) =>
        toast({
          title: 'Token refresh failed',
          description: serverMessageOf(error) ?? `Refreshing tokens for client ${clientId} failed`,
          variant: 'destructive',
        }),
    )
  return { run, isPending: mutation.isPending, variables: mutation.variables }
}
