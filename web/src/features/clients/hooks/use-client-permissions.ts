import { useAuth } from '@/lib/auth/use-auth.ts'

/** What the signed-in role may do with clients; the UI hides the rest (docs/spec/product.md §2). */
export function useClientPermissions() {
  const { user } = useAuth()
  const p = user?.permissions
  return {
    canCreate: p?.canCreateClients === true,
    canEdit: p?.canEditClients === true,
    canDelete: p?.canDeleteClients === true,
    canManageIntegrations: p?.canManageClientIntegrations === true,
  }
}
