import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client.ts'

/** GET /api/clients/{clientId}/survey-questions: the distinct survey questions of its leads. */
export async function getSurveyQuestions(clientId: string, signal?: AbortSignal): Promise<string[]> {
  const res = await apiRequest(
    'GET',
    `/api/clients/${encodeURIComponent(clientId)}/survey-questions`,
    undefined,
    { signal },
  )
  const body = (await res.json()) as { questions: string[] }
  return body.questions
}

export function surveyQuestionsQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['/api/clients', clientId, 'survey-questions'],
    queryFn: ({ signal }) => getSurveyQuestions(clientId, signal),
  })
}

export function useSurveyQuestions(clientId: string | undefined) {
  return useQuery({ ...surveyQuestionsQueryOptions(clientId ?? ''), enabled: Boolean(clientId) })
}
