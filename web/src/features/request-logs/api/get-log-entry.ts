import { type LogEntry, logEntrySchema } from '@common/request-logs.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/all-request-logs/{id}: one entry with its bodies uncut. */
export async function getLogEntry(id: string, signal?: AbortSignal): Promise<LogEntry> {
  return apiJson('GET', `/api/all-request-logs/${encodeURIComponent(id)}`, logEntrySchema, undefined, {
    signal,
  })
}

export function logEntryQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['request-logs', 'entry', id],
    queryFn: ({ signal }) => getLogEntry(id, signal),
  })
}

/** Fetched only for an expanded entry whose list copy was cut at 10 KB. */
export function useLogEntry(id: string, enabled: boolean) {
  return useQuery({ ...logEntryQueryOptions(id), enabled })
}
