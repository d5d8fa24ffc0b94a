import type { ClientView } from '@common/clients.ts'
import { AlertCircle, Building2, Plus, Search, SearchX } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardContent } from '@/components/ui/card.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useClients } from '@/features/clients/api/get-clients.ts'
import { usePlaybookSummaries } from '@/features/clients/api/get-playbook-summaries.ts'
import { AddClientDialog } from '@/features/clients/components/add-client-dialog.tsx'
import { ClientCards } from '@/features/clients/components/client-cards.tsx'
import { ClientTable } from '@/features/clients/components/client-table.tsx'
import { DeleteClientDialog } from '@/features/clients/components/delete-client-dialog.tsx'
import { useClientPermissions } from '@/features/clients/hooks/use-client-permissions.ts'
import { filterClients } from '@/features/clients/utils/client-search.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

/**
 * docs/spec/dashboard-spec.md §2.5: the Client Management screen (its title is the shell header's).
 * A row's integration setup and GHL actions are the page's to answer: the dialogs they open
 * belong to the integrations feature.
 */
export function ClientManagement({
  onSetup,
  onGhl,
}: {
  onSetup: (client: ClientView) => void
  onGhl: (client: ClientView) => void
}) {
  const { canCreate } = useClientPermissions()
  const clients = useClients()
  const summaries = usePlaybookSummaries()
  const [search, setSearch] = useState('')
  const [isAddOpen, setIsAddOpen] = useState(false)
  const [clientToDelete, setClientToDelete] = useState<ClientView | null>(null)

  const all = clients.data ?? []
  const visible = filterClients(all, search)
  const connectedCount = all.filter((c) => c.yelp.connected && c.ghl.connected).length
  const handlers = { onSetup, onGhl, onDelete: setClientToDelete }
  const automation = { byClient: summaries.byClient, isKnown: summaries.isSuccess }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <h2 className="text-base font-semibold">Clients</h2>
          <p className="text-sm text-muted-foreground">
            {clients.isSuccess
              ? `${all.length} ${all.length === 1 ? 'client' : 'clients'} · ${connectedCount} fully connected`
              : 'Businesses whose Yelp leads flow into GoHighLevel'}
          </p>
        </div>
        <div className="flex gap-2">
          <div className="relative flex-1 sm:w-72 sm:flex-none">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search clients..."
              aria-label="Search clients"
              className="bg-card pl-9"
            />
          </div>
          {canCreate && (
            <Button onClick={() => setIsAddOpen(true)}>
              <Plus />
              <span className="sr-only sm:not-sr-only">Add Client</span>
            </Button>
          )}
        </div>
      </div>

      {clients.isPending ? (
        <ClientListSkeleton />
      ) : clients.isError ? (
        <LoadError
          message={serverMessageOf(clients.error) ?? clients.error.message}
          onRetry={() => clients.refetch()}
        />
      ) : visible.length === 0 ? (
        <EmptyState
          isSearching={search.trim() !== ''}
          onAdd={canCreate ? () => setIsAddOpen(true) : undefined}
        />
      ) : (
        <>
          <Card className="hidden gap-0 overflow-hidden py-0 md:flex">
            <ClientTable clients={visible} automation={automation} {...handlers} />
          </Card>
          <div className="md:hidden">
            <ClientCards clients={visible} automation={automation} {...handlers} />
          </div>
        </>
      )}

      {canCreate && <AddClientDialog open={isAddOpen} onOpenChange={setIsAddOpen} />}
      <DeleteClientDialog client={clientToDelete} onClose={() => setClientToDelete(null)} />
    </div>
  )
}

function EmptyState({ isSearching, onAdd }: { isSearching: boolean; onAdd?: () => void }) {
  const Icon = isSearching ? SearchX : Building2
  return (
    <Card className="border-dashed shadow-none">
      <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="grid gap-1.5">
          <h3 className="text-base font-semibold">No clients found</h3>
          <p className="text-sm text-muted-foreground">
            {isSearching
              ? 'No clients match your search.'
              : onAdd
                ? 'Get started by adding your first client.'
                : // A role that cannot create clients sees only those assigned to it.
                  'No client is assigned to you yet. Ask an administrator to assign the clients you work on.'}
          </p>
        </div>
        {onAdd && (
          <Button onClick={onAdd}>
            <Plus />
            Add Client
          </Button>
        )}
      </CardContent>
    </Card>
  )
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card className="border-destructive/30 shadow-none">
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <AlertCircle className="size-8 text-destructive" aria-hidden="true" />
        <div className="grid gap-1.5">
          <h3 className="text-base font-semibold">Clients could not be loaded</h3>
          <p className="text-sm text-muted-foreground">{message}</p>
        </div>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </CardContent>
    </Card>
  )
}

function ClientListSkeleton() {
  return (
    <Card className="gap-0 py-2" aria-busy="true" aria-label="Loading clients">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-4 border-b px-6 py-4 last:border-0">
          <Skeleton className="size-9 rounded-lg" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-24" />
          </div>
          <Skeleton className="hidden h-5 w-24 md:block" />
          <Skeleton className="hidden h-5 w-28 md:block" />
        </div>
      ))}
    </Card>
  )
}
