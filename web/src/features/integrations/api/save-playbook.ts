import { type Playbook, playbookSchema } from '@common/playbook.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client.ts'
import { playbookQueryOptions } from './get-playbook.ts'

/** PUT /api/clients/{clientId}/playbook: the whole playbook; a bad field is a 400 naming it. */
export async function savePlaybook(clientId: string, playbook: Playbook): Promise<Playbook> {
  return apiJson('PUT', `/api/clients/${encodeURIComponent(clientId)}/playbook`, playbookSchema, playbook)
}

export function useSavePlaybook(clientId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (playbook: Playbook) => savePlaybook(clientId, playbook),
    onSuccess: (saved) => {
      queryClient.setQueryData(playbookQueryOptions(clientId).queryKey, saved)
      // The client list's on/off (GET /api/playbooks/summary) follows at once.
      void queryClient.invalidateQueries({ queryKey: ['/api/playbooks/summary'] })
    },
  })
}
