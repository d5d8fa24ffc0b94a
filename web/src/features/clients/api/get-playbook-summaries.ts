import { type PlaybookSummary, playbookSummaryListSchema } from '@common/playbook.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/**
 * GET /api/playbooks/summary: whether each visible client's automation is on. A client missing
 * from the answer never saved a playbook, so it has the defaults: off.
 */
export async function getPlaybookSummaries(signal?: AbortSignal): Promise<PlaybookSummary[]> {
  return apiJson('GET', '/api/playbooks/summary', playbookSummaryListSchema, undefined, { signal })
}

export function playbookSummariesQueryOptions() {
  return queryOptions({
    queryKey: ['/api/playbooks/summary'],
    queryFn: ({ signal }) => getPlaybookSummaries(signal),
  })
}

/** The summaries by client id; while loading or failed, an empty map (each row then says so). */
export function usePlaybookSummaries() {
  const query = useQuery(playbookSummariesQueryOptions())
  const byClient = new Map((query.data ?? []).map((summary) => [summary.clientId, summary]))
  return { ...query, byClient }
}
