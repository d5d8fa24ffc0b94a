import { type Permissions, ROLES, type Role } from '@common/permissions.ts'
import { RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardContent } from '@/components/ui/card.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useRolePermissions } from '@/features/permissions/api/get-role-permissions.ts'
import { PermissionGuidelines } from '@/features/permissions/components/permission-guidelines.tsx'
import { RecentChanges } from '@/features/permissions/components/recent-changes.tsx'
import { RolePermissionCard } from '@/features/permissions/components/role-permission-card.tsx'
import { serverMessageOf } from '@/lib/api-client.ts'

export interface PermissionsManagementProps {
  /** The signed-in user's permissions: editing needs canEditPermissions, the list canViewLogs. */
  permissions: Permissions | undefined
  /** Called after a role's permissions were saved. */
  onRoleSaved?: (role: Role) => void
}

// docs/spec/dashboard-spec.md §2.10: one card per role, the guidelines box, and the 'Recent changes' audit list.
export function PermissionsManagement({ permissions, onRoleSaved }: PermissionsManagementProps) {
  const roles = useRolePermissions()
  const canEdit = permissions?.canEditPermissions === true

  return (
    <div className="grid gap-6">
      <PermissionGuidelines />
      {roles.isPending ? (
        <div className="grid gap-6" role="status" aria-label="Loading roles">
          {ROLES.map((role) => (
            <div key={role} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
              <Skeleton className="h-5 w-32" />
              <Skeleton className="h-4 w-2/3" />
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {[0, 1, 2, 3, 4, 5].map((row) => (
                  <Skeleton key={row} className="h-4" />
                ))}
              </div>
            </div>
          ))}
        </div>
      ) : roles.isError ? (
        <Card className="border-destructive/40">
          <CardContent className="flex flex-col items-center gap-3 py-8 text-center">
            <p className="font-medium">The role permissions could not be loaded</p>
            <p className="text-sm text-muted-foreground">
              {serverMessageOf(roles.error) ?? roles.error.message}
            </p>
            <Button variant="outline" onClick={() => void roles.refetch()}>
              <RefreshCw />
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-6">
          {ROLES.map((role) => (
            <RolePermissionCard
              key={role}
              role={role}
              saved={roles.data[role]}
              canEdit={canEdit}
              onSaved={onRoleSaved}
            />
          ))}
        </div>
      )}
      {permissions?.canViewLogs && <RecentChanges />}
    </div>
  )
}
