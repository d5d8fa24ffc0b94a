import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client.ts'

export interface ContactSyncResult {
  /** Leads whose contact was created or updated. */
  success: number
  errors: number
  message: string
  failures: Array<{ leadId: string; error: string }>
}

/**
 * POST /api/clients/{clientId}/ghl/sync-contacts: upserts every stored lead's GoHighLevel
 * contact and answers when done; 400 while GoHighLevel is not connected.
 */
export async function syncContacts(clientId: string): Promise<ContactSyncResult> {
  const res = await apiRequest('POST', `/api/clients/${encodeURIComponent(clientId)}/ghl/sync-contacts`)
  return (await res.json()) as ContactSyncResult
}

export function useSyncContacts() {
  return useMutation({ mutationFn: syncContacts })
}
