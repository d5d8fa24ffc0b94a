import { useQueryClient } from '@tanstack/react-query'
import { LoaderCircle, RefreshCw } from 'lucide-react'
import { useEffect, useState } from 'react'
import { ConnectionBadge } from '@/components/connection-badges.tsx'
import { Button } from '@/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx'
import { clientsQueryOptions, useClient } from '@/features/integrations/api/get-client.ts'
import { customFieldsQueryOptions } from '@/features/integrations/api/get-custom-fields.ts'
import {
  FIRST_SETUP_TAB,
  isSetupTab,
  SETUP_TABS,
  type SetupTabValue,
} from '@/features/integrations/components/setup-tabs.tsx'

/** docs/spec/dashboard-spec.md §2.6: the per-client Integration Setup dialog with its tabs (setup-tabs.tsx). */
export function IntegrationSetupDialog({
  clientId,
  onClose,
}: {
  clientId: string | null
  onClose: () => void
}) {
  const isOpen = clientId !== null
  // The operator leaves for the providers' consent pages; coming back refreshes the status.
  const { client, isPending } = useClient(clientId, { refetchOnFocus: isOpen })
  const [tab, setTab] = useState<SetupTabValue>(FIRST_SETUP_TAB)

  // biome-ignore lint/correctness/useExhaustiveDependencies: each newly opened client starts on Overview.
  useEffect(() => {
    setTab(FIRST_SETUP_TAB)
  }, [clientId])

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="gap-5 sm:max-w-2xl">
        <DialogHeader className="pr-8">
          <DialogTitle>Integration Setup</DialogTitle>
          <DialogDescription>
            {client ? (
              <>
                {client.name} · <span className="font-mono">{client.clientId}</span>
              </>
            ) : (
              'Connect Yelp and GoHighLevel for this client'
            )}
          </DialogDescription>
        </DialogHeader>
        {client ? (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-muted/50 px-3 py-2">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm">
                <span className="flex items-center gap-1.5">
                  <span className="text-muted-foreground">Yelp</span>
                  <ConnectionBadge connected={client.yelp.connected} label="Yelp" />
                </span>
                <span className="flex items-center gap-1.5">
                  <span className="text-muted-foreground">GoHighLevel</span>
                  <ConnectionBadge connected={client.ghl.connected} label="GoHighLevel" />
                </span>
              </div>
              <RefreshStatusButton clientId={client.clientId} />
            </div>
            <Tabs value={tab} onValueChange={(value) => isSetupTab(value) && setTab(value)} className="gap-4">
              {/* Four tabs do not fit a phone's width in one row: they wrap to two. */}
              <TabsList className="h-auto w-full flex-wrap">
                {SETUP_TABS.map(({ value, label }) => (
                  <TabsTrigger key={value} value={value} className="h-8">
                    {label}
                  </TabsTrigger>
                ))}
              </TabsList>
              {SETUP_TABS.map(({ value, render }) => (
                <TabsContent key={value} value={value}>
                  {render({ client, goToTab: setTab })}
                </TabsContent>
              ))}
            </Tabs>
          </>
        ) : (
          <div className="flex items-center justify-center py-12 text-sm text-muted-foreground">
            {isPending ? (
              <LoaderCircle className="size-6 animate-spin" aria-label="Loading client" />
            ) : (
              'This client no longer exists.'
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}

/** Refetches the client list (and this client's field list) after a provider's consent page. */
export function RefreshStatusButton({ clientId }: { clientId: string }) {
  const queryClient = useQueryClient()
  const [isRefreshing, setIsRefreshing] = useState(false)
  const refresh = async () => {
    setIsRefreshing(true)
    try {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: customFieldsQueryOptions(clientId).queryKey }),
      ])
    } finally {
      setIsRefreshing(false)
    }
  }
  return (
    <Button variant="ghost" size="sm" onClick={refresh} disabled={isRefreshing}>
      <RefreshCw className={isRefreshing ? 'animate-spin' : undefined} />
      Refresh status
    </Button>
  )
}
