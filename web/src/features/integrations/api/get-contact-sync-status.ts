import { type ContactSyncStatus, contactSyncStatusSchema } from '@common/contacts.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { contactSyncPollInterval } from '@/features/integrations/utils/contact-sync.ts'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/clients/{clientId}/ghl/contact-sync-status: the last contact sync and its progress. */
export async function getContactSyncStatus(
  clientId: string,
  signal?: AbortSignal,
): Promise<ContactSyncStatus> {
  return apiJson(
    'GET',
    `/api/clients/${encodeURIComponent(clientId)}/ghl/contact-sync-status`,
    contactSyncStatusSchema,
    undefined,
    { signal },
  )
}

/** Under the client list's key, so whatever refreshes the list refreshes this too. */
export function contactSyncStatusQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['/api/clients', clientId, 'contact-sync-status'],
    queryFn: ({ signal }) => getContactSyncStatus(clientId, signal),
  })
}

/**
 * The sync's progress. Queries never refetch on their own (docs/spec/dashboard-spec.md §7); this
 * one polls while a sync runs, as the import's progress does.
 */
export function useContactSyncStatus(clientId: string) {
  return useQuery({
    ...contactSyncStatusQueryOptions(clientId),
    refetchInterval: (query) => contactSyncPollInterval(query.state.data),
  })
}
