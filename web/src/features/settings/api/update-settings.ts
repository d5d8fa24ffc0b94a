import { type Setting, type SettingKey, settingSchema } from '@common/settings.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { settingsQueryOptions } from '@/features/settings/api/get-settings.ts'
import { apiJson } from '@/lib/api-client.ts'

/** PUT /api/settings/{key} with `{value}`. */
export async function updateSetting(key: SettingKey, value: unknown): Promise<Setting> {
  return apiJson('PUT', `/api/settings/${encodeURIComponent(key)}`, settingSchema, { value })
}

/**
 * Save Settings (docs/spec/dashboard-spec.md §7): one call per changed field, in parallel, then the list refreshes —
 * also when some failed, so the form shows what was saved. Fails with the first error.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (changes: Partial<Record<SettingKey, unknown>>) => {
      const results = await Promise.allSettled(
        Object.entries(changes).map(([key, value]) => updateSetting(key as SettingKey, value)),
      )
      await queryClient.invalidateQueries({ queryKey: settingsQueryOptions().queryKey })
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
      if (failed) throw failed.reason
      return results.map((r) => (r as PromiseFulfilledResult<Setting>).value)
    },
  })
}
