import { assignClientsSchema, type ListedUser } from '@common/users.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { Building2 } from 'lucide-react'
import { Controller, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button.tsx'
import { Checkbox } from '@/components/ui/checkbox.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useAssignClients } from '@/features/users/api/assign-clients.ts'
import { type ClientChoice, useClientChoices } from '@/features/users/api/get-client-choices.ts'
import { FieldError } from '@/features/users/components/field-error.tsx'
import { displayNameOf } from '@/features/users/utils/user-display.ts'
import { ApiError, serverMessageOf } from '@/lib/api-client.ts'

type AssignValues = z.input<typeof assignClientsSchema>

// docs/spec/dashboard-spec.md §5 and §6: a checkbox list of clients, at least one to be picked; one assignment is
// posted per picked client, and existing assignments are kept (shown ticked and locked).
export function AssignClientsDialog({
  user,
  open,
  onOpenChange,
}: {
  user: ListedUser
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Assign Clients</DialogTitle>
          <DialogDescription>
            Choose the clients {displayNameOf(user)} works on. Existing assignments stay as they are.
          </DialogDescription>
        </DialogHeader>
        <AssignClientsForm user={user} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}

function AssignClientsForm({ user, onDone }: { user: ListedUser; onDone: () => void }) {
  const clients = useClientChoices()
  const assign = useAssignClients()
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<AssignValues>({
    resolver: zodResolver(assignClientsSchema),
    defaultValues: { clientIds: [] },
  })
  const assigned = new Set(user.clientAssignments.map((a) => a.clientId))

  const onSubmit = handleSubmit(({ clientIds }) => {
    assign.mutate(
      { userId: user.id, clientIds },
      {
        onSuccess: () => {
          toast({
            title: 'Client assignments updated',
            description: `${displayNameOf(user)} now works on ${clientIds.length} more ${clientIds.length === 1 ? 'client' : 'clients'}.`,
          })
          onDone()
        },
        onError: (error) => {
          toast({
            title: 'Error',
            description: serverMessageOf(error) ?? 'Failed to assign clients',
            variant: 'destructive',
          })
        },
      },
    )
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <fieldset className="grid gap-2" aria-describedby={errors.clientIds ? 'assign-error' : undefined}>
        <legend className="mb-2 text-sm font-medium">Clients</legend>
        {clients.isPending ? (
          <ClientListSkeleton />
        ) : clients.isError ? (
          <ClientListMessage>
            {clients.error instanceof ApiError && clients.error.status === 404
              ? 'The client list is not available yet.'
              : `The client list could not be loaded. ${serverMessageOf(clients.error) ?? clients.error.message}`}
          </ClientListMessage>
        ) : clients.data.length === 0 ? (
          <ClientListMessage>No clients yet. Add clients on the Clients screen first.</ClientListMessage>
        ) : (
          <Controller
            control={control}
            name="clientIds"
            render={({ field }) => (
              <ClientCheckboxList
                clients={clients.data}
                assigned={assigned}
                selected={field.value}
                onChange={field.onChange}
              />
            )}
          />
        )}
        <FieldError id="assign-error" error={errors.clientIds} />
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={assign.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={assign.isPending || !clients.isSuccess}>
          {assign.isPending ? 'Assigning...' : 'Assign Clients'}
        </Button>
      </DialogFooter>
    </form>
  )
}

function ClientCheckboxList({
  clients,
  assigned,
  selected,
  onChange,
}: {
  clients: ClientChoice[]
  assigned: Set<string>
  selected: string[]
  onChange: (clientIds: string[]) => void
}) {
  return (
    <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-1">
      {clients.map((client) => {
        const isAssigned = assigned.has(client.clientId)
        const id = `assign-client-${client.clientId}`
        return (
          <li key={client.clientId}>
            <label
              htmlFor={id}
              className="flex cursor-pointer items-center gap-3 rounded-sm px-2 py-2 hover:bg-muted has-[:disabled]:cursor-default has-[:disabled]:hover:bg-transparent"
            >
              <Checkbox
                id={id}
                checked={isAssigned || selected.includes(client.clientId)}
                disabled={isAssigned}
                onCheckedChange={(checked) =>
                  onChange(
                    checked === true
                      ? [...selected, client.clientId]
                      : selected.filter((clientId) => clientId !== client.clientId),
                  )
                }
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{client.name}</span>
                <span className="block truncate font-mono text-xs text-muted-foreground">
                  {client.clientId}
                </span>
              </span>
              {isAssigned && <span className="text-xs text-muted-foreground">Assigned</span>}
            </label>
          </li>
        )
      })}
    </ul>
  )
}

function ClientListSkeleton() {
  return (
    <div className="grid gap-2 rounded-md border p-3" role="status" aria-label="Loading clients">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-3">
          <Skeleton className="size-4" />
          <Skeleton className="h-4 flex-1" />
        </div>
      ))}
    </div>
  )
}

function ClientListMessage({ children }: { children: string }) {
  return (
    <div className="flex items-center gap-3 rounded-md border border-dashed p-4 text-sm text-muted-foreground">
      <Building2 className="size-5 shrink-0" aria-hidden="true" />
      <p>{children}</p>
    </div>
  )
}
