import { type TestWebhookResult, testWebhookResultSchema } from '@common/stats.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client.ts'

/** POST /api/test-webhook: a marked test delivery through the real ingest path. */
export async function testWebhook(): Promise<TestWebhookResult> {
  const res = await apiRequest('POST', '/api/test-webhook')
  return testWebhookResultSchema.parse(await res.json())
}

export function useTestWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: testWebhook,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['request-logs'] })
      void queryClient.invalidateQueries({ queryKey: ['stats'] })
    },
  })
}
