import type { ClientView } from '@common/clients.ts'
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useDeleteClient } from '@/features/clients/api/delete-client.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

/** docs/spec/dashboard-spec.md §2.5: deleting a client asks first; it removes its leads, messages and records too. */
export function DeleteClientDialog({ client, onClose }: { client: ClientView | null; onClose: () => void }) {
  const deleteClient = useDeleteClient()

  const confirm = () => {
    if (!client) return
    deleteClient.mutateAsync(client.clientId).then(
      () => {
        toast({ title: 'Client deleted', description: `${client.name} has been removed.` })
        onClose()
      },
      (error: unknown) =>
        toast({
          title: 'Delete failed',
          description: serverMessageOf(error) ?? 'Failed to delete client',
          variant: 'destructive',
        }),
    )
  }

  return (
    <ConfirmDeleteDialog
      open={client !== null}
      onOpenChange={(open) => !open && onClose()}
      title={<>Delete {client?.name}?</>}
      description={
        <>
          This permanently removes the client{' '}
          <span className="font-mono text-foreground">{client?.clientId}</span> with its leads, messages,
          contacts, custom-field records and user assignments. This action cannot be undone.
        </>
      }
      confirmLabel="Delete Client"
      isPending={deleteClient.isPending}
      onConfirm={confirm}
    />
  )
}
