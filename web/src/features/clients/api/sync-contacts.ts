import { type ContactSyncResult, contactSyncResultSchema } from '@common/contacts.ts'
import { useMutation } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/**
 * POST /api/clients/{clientId}/ghl/sync-contacts: upserts every stored lead's GoHighLevel
 * contact and answers when done; 400 while GoHighLevel is not connected.
 */
export async function syncContacts(clientId: string): Promise<ContactSyncResult> {
  return apiJson(
    'POST',
    `/api/clients/${encodeURIComponent(clientId)}/ghl/sync-contacts`,
    contactSyncResultSchema,
  )
}

export function useSyncContacts() {
  return useMutation({ mutationFn: syncContacts })
}
