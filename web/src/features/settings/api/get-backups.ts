import { type BackupEntry, backupListSchema } from '@common/settings.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/backups (beyond docs/spec/product.md §6.1): the recent backups, newest first. */
export async function getBackups(signal?: AbortSignal): Promise<BackupEntry[]> {
  return apiJson('GET', '/api/backups', backupListSchema, undefined, { signal })
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
