import { type BackupResult, backupResultSchema } from '@common/settings.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { backupsQueryOptions } from '@/features/settings/api/get-backups.ts'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/backup (docs/spec/dashboard-spec.md §7): answers the written file's path. */
export async function createBackup(): Promise<BackupResult> {
  return apiJson('POST', '/api/backup', backupResultSchema)
}

export function useCreateBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createBackup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsQueryOptions().queryKey }),
  })
}
