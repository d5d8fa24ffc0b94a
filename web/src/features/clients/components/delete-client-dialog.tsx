import type { ClientView } from '@common/clients.ts'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx'
import { Button } from '@/components/ui/button.tsx'
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
    <AlertDialog
      open={client !== null}
      onOpenChange={(open) => {
        if (!open && !deleteClient.isPending) onClose()
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {client?.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            This permanently removes the client{' '}
            <span className="font-mono text-foreground">{client?.clientId}</span> with its leads, messages,
            contacts, custom-field records and user assignments. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteClient.isPending}>Cancel</AlertDialogCancel>
          {/* A plain button: the dialog stays open until the delete has answered. */}
          <Button variant="destructive" onClick={confirm} disabled={deleteClient.isPending}>
            {deleteClient.isPending ? 'Deleting...' : 'Delete Client'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
