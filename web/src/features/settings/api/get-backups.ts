import { type BackupEntry, backupListSchema } from '@common/settings.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client.ts'

/** GET /api/backups (beyond docs/spec/product.md §6.1): the recent backups, newest first. */
export async function getBackups(signal?: AbortSignal): Promise<BackupEntry[]> {
  const res = await apiRequest('GET', '/api/backups', undefined, { signal })
  return backupListSchema.parse(await res.json())
}

export function backupsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/backups'],
    queryFn: ({ signal }) => getBackups(signal),
  })
}

export function useBackups() {
  return useQuery(backupsQueryOptions())
}
