import {
  grantableRoles,
  isRole,
  isRoleAbove,
  type Permissions,
  ROLES,
  type Role,
} from '@common/permissions.ts'
import type { ListedUser } from '@common/users.ts'
import { RefreshCw, UserPlus, Users } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardContent } from '@/components/ui/card.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useUsers } from '@/features/users/api/get-users.ts'
import { useUnassignClient } from '@/features/users/api/unassign-client.ts'
import { AssignClientsDialog } from '@/features/users/components/assign-clients-dialog.tsx'
import { DeleteUserDialog } from '@/features/users/components/delete-user-dialog.tsx'
import { UserCard } from '@/features/users/components/user-card.tsx'
import { UserFormDialog } from '@/features/users/components/user-form-dialog.tsx'
import { serverMessageOf } from '@/lib/api-client.ts'

type DialogState =
  | { kind: 'create'; open: boolean }
  | { kind: 'edit' | 'assign' | 'delete'; open: boolean; user: ListedUser }

export interface UserManagementProps {
  /** The signed-in user's permissions: each action shows only with its flag. */
  permissions: Permissions | undefined
  currentUserId: number | undefined
  /** The signed-in user's role: users above it show no actions, and only roles up to it are offered. */
  currentUserRole?: Role
  /** Called after the signed-in user's own account was changed. */
  onCurrentUserChanged?: () => void
}

// docs/spec/dashboard-spec.md §2.9: the user cards with the Add User, Assign, Edit and Delete dialogs.
export function UserManagement({
  permissions,
  currentUserId,
  currentUserRole,
  onCurrentUserChanged,
}: UserManagementProps) {
  const users = useUsers()
  const unassign = useUnassignClient()
  // Kept (with open: false) while a dialog closes, so its content does not vanish mid-animation.
  const [dialog, setDialog] = useState<DialogState | null>(null)
  const closeDialog = (open: boolean) => {
    if (!open) setDialog((current) => (current ? { ...current, open: false } : null))
  }

  const onUnassign = (user: ListedUser, clientId: string) => {
    const clientName = user.clientAssignments.find((a) => a.clientId === clientId)?.client.name ?? clientId
    unassign.mutate(
      { userId: user.id, clientId },
      {
        onSuccess: () =>
          toast({
            title: 'Client unassigned',
            description: `${clientName} was removed from @${user.username}.`,
          }),
        onError: (error) =>
          toast({
            title: 'Error',
            description: serverMessageOf(error) ?? 'Failed to unassign client',
            variant: 'destructive',
          }),
      },
    )
  }

  const canCreate = permissions?.canCreateUsers === true
  // The server refuses touching a user above one's own role (docs/decisions/0016 §1); the UI does
  // not offer it.
  const offeredRoles = currentUserRole ? grantableRoles(currentUserRole) : [...ROLES]
  const isAbove = (user: ListedUser) =>
    currentUserRole !== undefined && (!isRole(user.role) || isRoleAbove(user.role, currentUserRole))
  const count = users.data?.length

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex items-center gap-2">
            <h2 className="text-base font-semibold">Team members</h2>
            {count !== undefined && (
              <Badge variant="secondary" className="tabular-nums" aria-label={`${count} users`}>
                {count}
              </Badge>
            )}
          </div>
          <p className="text-sm text-muted-foreground">
            Who can sign in, with which role, and for which clients.
          </p>
        </div>
        {canCreate && (
          <Button onClick={() => setDialog({ kind: 'create', open: true })}>
            <UserPlus />
            Add User
          </Button>
        )}
      </div>

      {users.isPending ? (
        <UserCardsSkeleton />
      ) : users.isError ? (
        <Card className="border-destructive/40">
          <CardContent className="flex flex-col items-center gap-3 py-8 text-center">
            <p className="font-medium">The users could not be loaded</p>
            <p className="text-sm text-muted-foreground">
              {serverMessageOf(users.error) ?? users.error.message}
            </p>
            <Button variant="outline" onClick={() => void users.refetch()}>
              <RefreshCw />
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : users.data.length === 0 ? (
        <Card className="border-dashed shadow-none">
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Users className="size-6" aria-hidden="true" />
            </span>
            <p className="font-medium">No users found</p>
            <p className="text-sm text-muted-foreground">Add a user to give a colleague access.</p>
          </CardContent>
        </Card>
      ) : (
        <div
          className="grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-2 xl:grid-cols-3"
          data-testid="user-cards"
        >
          {users.data.map((user) => {
            const may = !isAbove(user)
            return (
              <UserCard
                key={user.id}
                user={user}
                isCurrentUser={user.id === currentUserId}
                unassigningClientId={
                  unassign.isPending && unassign.variables.userId === user.id
                    ? unassign.variables.clientId
                    : undefined
                }
                onAssign={
                  may && permissions?.canAssignClients
                    ? () => setDialog({ kind: 'assign', open: true, user })
                    : undefined
                }
                onEdit={
                  may && permissions?.canEditUsers
                    ? () => setDialog({ kind: 'edit', open: true, user })
                    : undefined
                }
                onDelete={
                  may && permissions?.canDeleteUsers
                    ? () => setDialog({ kind: 'delete', open: true, user })
                    : undefined
                }
                onUnassign={
                  may && permissions?.canAssignClients ? (clientId) => onUnassign(user, clientId) : undefined
                }
              />
            )
          })}
        </div>
      )}

      {dialog?.kind === 'create' && (
        <UserFormDialog mode="create" roles={offeredRoles} open={dialog.open} onOpenChange={closeDialog} />
      )}
      {dialog?.kind === 'edit' && (
        <UserFormDialog
          mode="edit"
          user={dialog.user}
          isOwnAccount={dialog.user.id === currentUserId}
          setsOthersPasswords={
            currentUserRole === undefined || currentUserRole === 'admin' || currentUserRole === 'manager'
          }
          roles={offeredRoles}
          open={dialog.open}
          onOpenChange={closeDialog}
          onSaved={(saved) => {
            if (saved.id === currentUserId) onCurrentUserChanged?.()
          }}
        />
      )}
      {dialog?.kind === 'assign' && (
        <AssignClientsDialog user={dialog.user} open={dialog.open} onOpenChange={closeDialog} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteUserDialog user={dialog.user} open={dialog.open} onOpenChange={closeDialog} />
      )}
    </div>
  )
}

function UserCardsSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" role="status" aria-label="Loading users">
      {[0, 1, 2].map((card) => (
        <div key={card} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
          <div className="flex items-center gap-3">
            <Skeleton className="size-11 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-1/2" />
            </div>
          </div>
          <div className="flex gap-1.5">
            <Skeleton className="h-5 w-16" />
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-5 w-20" />
          </div>
          <Skeleton className="h-3 w-1/3" />
          <Skeleton className="h-6 w-1/2" />
        </div>
      ))}
    </div>
  )
}
