import type { ListedUser } from '@common/users.ts'
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog.tsx'
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
    <ConfirmDeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Delete User"
      description={
        <>
          Delete {name} (@{user.username})? They can no longer sign in, and their client assignments are
          removed. This cannot be undone.
        </>
      }
      confirmLabel="Delete User"
      isPending={deleteUser.isPending}
      onConfirm={onConfirm}
    />
  )
}
