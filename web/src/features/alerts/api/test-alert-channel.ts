import { type AlertTestAnswer, alertTestAnswerSchema } from '@common/alerts.ts'
import { useMutation } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/alert-channels/{id}/test: `{delivered: true}`, or a 502 carrying the channel's own error. */
export async function testAlertChannel(id: string): Promise<AlertTestAnswer> {
  return apiJson('POST', `/api/alert-channels/${encodeURIComponent(id)}/test`, alertTestAnswerSchema, {})
}

export function useTestAlertChannel() {
  return useMutation({ mutationFn: testAlertChannel })
}
