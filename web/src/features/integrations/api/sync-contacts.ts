import { type ContactSyncStatus, contactSyncStatusSchema } from '@common/contacts.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { contactSyncStatusQueryOptions } from '@/features/integrations/api/get-contact-sync-status.ts'
import { apiJson } from '@/lib/api-client.ts'

/**
 * POST /api/clients/{clientId}/ghl/sync-contacts: queues the sync of every stored lead's
 * GoHighLevel contact and answers 202 with its status at once (the running one when a sync is
 * already under way); 400 while GoHighLevel is not connected.
 */
export async function syncContacts(clientId: string): Promise<ContactSyncStatus> {
  return apiJson(
    'POST',
    `/api/clients/${encodeURIComponent(clientId)}/ghl/sync-contacts`,
    contactSyncStatusSchema,
  )
}

export function useSyncContacts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: syncContacts,
    // The answer is the status: the poll starts from it without waiting for a first read.
    onSuccess: (status, clientId) =>
      queryClient.setQueryData(contactSyncStatusQueryOptions(clientId).queryKey, status),
  })
}
