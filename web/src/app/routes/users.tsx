import { UserManagement } from '@/features/users/components/user-management.tsx'
import { useAuth } from '@/lib/auth/use-auth.ts'

// docs/spec/dashboard-spec.md §2.9. The page hands the signed-in user's permissions to the feature, which shows only
// the actions they allow, and reloads the session after the user changed their own account.
export function UsersPage() {
  const { user, refresh } = useAuth()
  return (
    <UserManagement
      permissions={user?.permissions}
      currentUserId={user?.id}
      currentUserRole={user?.role}
      onCurrentUserChanged={() => void refresh()}
    />
  )
}
