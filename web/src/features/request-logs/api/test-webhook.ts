import { type TestWebhookResult, testWebhookResultSchema } from '@common/stats.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'

/** POST /api/test-webhook: a marked test delivery through the real ingest path. */
export async function testWebhook(): Promise<TestWebhookResult> {
  return apiJson('POST', '/api/test-webhook', testWebhookResultSchema)
}

export function useTestWebhook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: testWebhook,
    // The new entry shows at once instead of at the next poll.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/all-request-logs'] })
      void queryClient.invalidateQueries({ queryKey: ['/api/stats'] })
    },
  })
}
