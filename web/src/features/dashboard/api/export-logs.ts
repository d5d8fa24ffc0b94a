import { MAX_PAGE_SIZE } from '@common/list-query.ts'
import { messageLogListSchema } from '@common/messages.ts'
import { logEntryListSchema } from '@common/request-logs.ts'
import { useMutation } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/**
 * Export Logs (docs/spec/dashboard-spec.md §2.3 "creates a backup"): until the settings screen's server backup lands,
 * the newest messages and API & webhook log entries are written to a JSON file the browser
 * saves. Returns the file's name for the 'Backup saved to' toast.
 */
export async function exportLogs(now = new Date()): Promise<{ backupFile: string }> {
  const [messages, logs] = await Promise.all([
    apiJson('GET', `/api/messages?limit=${MAX_PAGE_SIZE}`, messageLogListSchema),
    apiJson('GET', `/api/all-request-logs?limit=${MAX_PAGE_SIZE}`, logEntryListSchema),
  ])
  const backupFile = `leadrelay-logs-${now.toISOString().replace(/[:.]/g, '-')}.json`
  const blob = new Blob([JSON.stringify({ exportedAt: now.toISOString(), messages, logs }, null, 2)], {
    type: 'application/json',
  })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = backupFile
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return { backupFile }
}

export function useExportLogs() {
  return useMutation({ mutationFn: () => exportLogs() })
}
