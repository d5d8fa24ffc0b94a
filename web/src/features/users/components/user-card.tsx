import type { ListedUser } from '@common/users.ts'
import { Link2, Pencil, Trash2, X } from 'lucide-react'
import { useId } from 'react'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip.tsx'
import { RoleBadge } from '@/features/users/components/role-badge.tsx'
import { UserAvatar } from '@/features/users/components/user-avatar.tsx'
import { displayNameOf } from '@/features/users/utils/user-display.ts'
import { cn } from '@/lib/utils.ts'

export interface UserCardActions {
  /** Each action is offered only when given (the signed-in role has its permission). */
  onAssign?: () => void
  onEdit?: () => void
  onDelete?: () => void
  onUnassign?: (clientId: string) => void
}

const lastLoginFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

// docs/spec/dashboard-spec.md §2.9: avatar, name, role badge with capability labels, 'Inactive' when inactive, and the
// assigned clients, each with an unassign (x) action.
export function UserCard({
  user,
  isCurrentUser,
  unassigningClientId,
  onAssign,
  onEdit,
  onDelete,
  onUnassign,
}: { user: ListedUser; isCurrentUser: boolean; unassigningClientId?: string } & UserCardActions) {
  const headingId = useId()
  const name = displayNameOf(user)
  const seesAllClients = user.role === 'admin' || user.role === 'manager'
  const hasActions = Boolean(onAssign || onEdit || onDelete)

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-4 rounded-xl border bg-card pt-5 text-card-foreground shadow-sm',
        !user.isActive && 'bg-muted/40',
      )}
    >
      <div className="flex items-start gap-3 px-5">
        <UserAvatar name={name} className={cn(!user.isActive && 'opacity-60 grayscale')} />
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <h3 id={headingId} className="truncate font-semibold leading-tight" title={name}>
              {name}
            </h3>
            {isCurrentUser && (
              <Badge variant="outline" className="font-normal text-muted-foreground">
                You
              </Badge>
            )}
            {!user.isActive && (
              <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-800">
                Inactive
              </Badge>
            )}
          </div>
          <p
            className="mt-1 truncate text-sm text-muted-foreground"
            title={[`@${user.username}`, user.email].filter(Boolean).join(' · ')}
          >
            @{user.username}
            {user.email && <> · {user.email}</>}
          </p>
          <p className="mt-0.5 truncate text-xs text-muted-foreground">
            {user.lastLogin
              ? `Last login ${lastLoginFormat.format(new Date(user.lastLogin))}`
              : 'Never signed in'}
          </p>
        </div>
      </div>

      <div className="px-5">
        <RoleBadge userRole={user.role} />
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-2 px-5">
        <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          Assigned clients
        </h4>
        {user.clientAssignments.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={`Clients assigned to ${name}`}>
            {user.clientAssignments.map((assignment) => (
              <li
                key={assignment.clientId}
                className="inline-flex max-w-full items-center gap-1 rounded-md border bg-background py-0.5 pr-1 pl-2 text-xs"
              >
                <span className="min-w-0 truncate" title={assignment.clientId}>
                  {assignment.client.name}
                </span>
                {onUnassign && (
                  <button
                    type="button"
                    className="rounded-sm p-0.5 text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50 disabled:opacity-50"
                    aria-label={`Unassign ${assignment.client.name}`}
                    disabled={unassigningClientId === assignment.clientId}
                    onClick={() => onUnassign(assignment.clientId)}
                  >
                    <X className="size-3" aria-hidden="true" />
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            {seesAllClients ? 'None needed: this role sees every client.' : 'No clients assigned'}
          </p>
        )}
      </div>

      {hasActions ? (
        <div className="mt-auto flex items-center justify-end gap-1 border-t px-3 py-2">
          {onAssign && (
            <Button variant="ghost" size="sm" onClick={onAssign}>
              <Link2 />
              Assign
            </Button>
          )}
          {onEdit && (
            <Button variant="ghost" size="sm" onClick={onEdit}>
              <Pencil />
              Edit
            </Button>
          )}
          {onDelete &&
            (isCurrentUser ? (
              <Tooltip>
                <TooltipTrigger asChild>
                  {/* aria-disabled, not disabled: the button stays focusable and keeps its tooltip. */}
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-disabled="true"
                    className="cursor-not-allowed text-destructive opacity-50 hover:bg-transparent hover:text-destructive"
                  >
                    <Trash2 />
                    Delete
                  </Button>
                </TooltipTrigger>
                <TooltipContent>You cannot delete your own account</TooltipContent>
              </Tooltip>
            ) : (
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                onClick={onDelete}
              >
                <Trash2 />
                Delete
              </Button>
            ))}
        </div>
      ) : (
        <div className="pb-1" />
      )}
    </article>
  )
}
