import { PermissionsManagement } from '@/features/permissions/components/permissions-management.tsx'
import { useAuth } from '@/lib/auth/use-auth.ts'

// docs/spec/dashboard-spec.md §2.10. Saving the signed-in user's own role reloads the session, so the menu and the
// actions shown follow the new permissions at once.
export function PermissionsPage() {
  const { user, refresh } = useAuth()
  return (
    <PermissionsManagement
      permissions={user?.permissions}
      onRoleSaved={(role) => {
        if (role === user?.role) void refresh()
      }}
    />
  )
}
