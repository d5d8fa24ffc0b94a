import { surveyQuestionsSchema } from '@common/custom-fields.ts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** GET /api/clients/{clientId}/survey-questions: the distinct survey questions of its leads. */
export async function getSurveyQuestions(clientId: string, signal?: AbortSignal): Promise<string[]> {
  const body = await apiJson(
    'GET',
    `/api/clients/${encodeURIComponent(clientId)}/survey-questions`,
    surveyQuestionsSchema,
    undefined,
    { signal },
  )
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
