import { PERMISSION_GROUPS, type Permissions, type Role } from '@common/permissions.ts'
import { Lock, Pencil } from 'lucide-react'
import { useId } from 'react'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Switch } from '@/components/ui/switch.tsx'
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useUpdateRolePermissions } from '@/features/permissions/api/update-role-permissions.ts'
import { usePermissionDraft } from '@/features/permissions/hooks/use-permission-draft.ts'
import {
  enabledLabel,
  isLockedFlag,
  PERMISSION_TOTAL,
} from '@/features/permissions/utils/permission-draft.ts'
import { PERMISSION_LABELS } from '@/features/permissions/utils/permission-labels.ts'
import { serverMessageOf } from '@/lib/api-client.ts'
import { cn } from '@/lib/utils.ts'

// docs/spec/dashboard-spec.md §6: what each role is for.
const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Full system access, all permissions',
  manager: 'Client and user management with system monitoring access',
  operator: 'Basic messaging with limited system access',
  viewer: 'Read-only access to messages and client information',
}

// docs/spec/dashboard-spec.md §2.10: the role's toggles in five groups, an enabled/total count, and Edit, then Save or
// Cancel; the draft stays local until Save sends it whole.
export function RolePermissionCard({
  role,
  saved,
  canEdit,
  onSaved,
}: {
  role: Role
  saved: Permissions
  canEdit: boolean
  onSaved?: (role: Role) => void
}) {
  const headingId = useId()
  const draft = usePermissionDraft(saved)
  const update = useUpdateRolePermissions()
  const changes = draft.changed.length

  const onSave = () => {
    update.mutate(
      { role, permissions: draft.values },
      {
        onSuccess: () => {
          draft.discard()
          toast({
            title: 'Permissions updated',
            description: `Permissions for the ${role} role have been saved.`,
          })
          onSaved?.(role)
        },
        onError: (error) => {
          toast({
            title: 'Failed to update permissions',
            description: serverMessageOf(error) ?? error.message,
            variant: 'destructive',
          })
        },
      },
    )
  }

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow',
        draft.isEditing && 'border-primary/50 ring-4 ring-primary/10',
      )}
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b px-5 py-4">
        <div className="min-w-0 grid gap-1">
          <div className="flex items-center gap-2">
            <h3 id={headingId} className="text-base font-semibold capitalize">
              {role}
            </h3>
            <Badge
              variant="secondary"
              className="tabular-nums"
              aria-label={`${draft.enabledCount} of ${PERMISSION_TOTAL} permissions enabled`}
              data-testid="enabled-count"
            >
              {draft.enabledCount}/{PERMISSION_TOTAL}
            </Badge>
          </div>
          <p className="text-sm text-muted-foreground">{ROLE_DESCRIPTIONS[role]}</p>
        </div>
        {canEdit && (
          <div className="flex shrink-0 items-center gap-2">
            {draft.isEditing ? (
              <>
                <span className="text-xs text-muted-foreground" aria-live="polite">
                  {changes === 0
                    ? 'No changes'
                    : `${changes} unsaved ${changes === 1 ? 'change' : 'changes'}`}
                </span>
                <Button variant="outline" size="sm" onClick={draft.discard} disabled={update.isPending}>
                  Cancel
                </Button>
                <Button size="sm" onClick={onSave} disabled={update.isPending || changes === 0}>
                  {update.isPending ? 'Saving...' : 'Save'}
                </Button>
              </>
            ) : (
              <Button variant="outline" size="sm" onClick={draft.start}>
                <Pencil />
                Edit
              </Button>
            )}
          </div>
        )}
      </header>

      <div className="grid gap-x-10 gap-y-6 px-5 py-5 sm:grid-cols-2 lg:grid-cols-3">
        {PERMISSION_GROUPS.map((group) => (
          <div key={group.label} className="grid content-start gap-1">
            <div className="mb-1 flex items-center justify-between gap-2">
              <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                {group.label}
              </h4>
              <span className="text-xs tabular-nums text-muted-foreground">
                {enabledLabel(draft.values, group.flags)}
              </span>
            </div>
            {group.flags.map((flag) => {
              const id = `${headingId}-${flag}`
              const isLocked = isLockedFlag(role, flag)
              return (
                <div
                  key={flag}
                  className={cn(
                    '-mx-2 flex items-center justify-between gap-3 rounded-md px-2 py-1',
                    draft.changed.includes(flag) && 'bg-accent',
                  )}
                  data-changed={draft.changed.includes(flag) || undefined}
                >
                  <label
                    htmlFor={id}
                    className={cn(
                      'flex min-w-0 items-center gap-1.5 text-sm',
                      !draft.values[flag] && 'text-muted-foreground',
                    )}
                  >
                    <span className="truncate">{PERMISSION_LABELS[flag]}</span>
                  </label>
                  <div className="flex shrink-0 items-center gap-1.5">
                    {isLocked && draft.isEditing && (
                      <Tooltip>
                        <TooltipTrigger asChild>
                          <span className="text-muted-foreground" role="img" aria-label="Locked">
                            <Lock className="size-3.5" aria-hidden="true" />
                          </span>
                        </TooltipTrigger>
                        <TooltipContent>The admin role always keeps this permission</TooltipContent>
                      </Tooltip>
                    )}
                    <Switch
                      id={id}
                      checked={draft.values[flag]}
                      disabled={!draft.isEditing || isLocked || update.isPending}
                      // Read-only outside editing, but drawn at full strength so the values stay legible.
                      className={cn(!draft.isEditing && 'disabled:cursor-default disabled:opacity-100')}
                      onCheckedChange={(checked) => draft.set(flag, checked)}
                      title={flag}
                    />
                  </div>
                </div>
              )
            })}
          </div>
        ))}
      </div>
    </section>
  )
}
