import type { ListedUser } from '@common/users.ts'
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
import { useDeleteUser } from '@/features/users/api/delete-user.ts'
import { displayNameOf } from '@/features/users/utils/user-display.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

export function DeleteUserDialog({
  user,
  open,
  onOpenChange,
}: {
  user: ListedUser
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const deleteUser = useDeleteUser()
  const name = displayNameOf(user)

  const onConfirm = () => {
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        toast({ title: 'User deleted', description: `${name} can no longer sign in.` })
        onOpenChange(false)
      },
      onError: (error) => {
        toast({
          title: 'Error',
          description: serverMessageOf(error) ?? 'Failed to delete user',
          variant: 'destructive',
        })
      },
    })
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !deleteUser.isPending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete User</AlertDialogTitle>
          <AlertDialogDescription>
            Delete {name} (@{user.username})? They can no longer sign in, and their client assignments are
            removed. This cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteUser.isPending}>Cancel</AlertDialogCancel>
          {/* A plain button: the dialog stays open until the deletion has succeeded. */}
          <Button variant="destructive" onClick={onConfirm} disabled={deleteUser.isPending}>
            {deleteUser.isPending ? 'Deleting...' : 'Delete User'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
