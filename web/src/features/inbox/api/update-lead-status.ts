import { type Lead, type LeadDetail, type LeadStatus, leadSchema } from '@common/leads.ts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { applyLead } from '@/features/inbox/api/live-lead-updates.ts'
import { apiJson } from '@/lib/api-client.ts'

/** PATCH /api/leads/{leadId}/status (docs/spec/dashboard-spec.md §7): the updated lead. */
export async function updateLeadStatus(leadId: string, status: LeadStatus): Promise<Lead> {
  return apiJson('PATCH', `/api/leads/${encodeURIComponent(leadId)}/status`, leadSchema, { status })
}

/** docs/spec/dashboard-spec.md §4: after success the lead list refreshes and the open lead shows the new status. */
export function useUpdateLeadStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ leadId, status }: { leadId: string; status: LeadStatus }) =>
      updateLeadStatus(leadId, status),
    // The answer is the updated lead: into the open lead (its replies kept) and the loaded pages,
    // without reloading every page of the list.
    onSuccess: async (lead) => {
      queryClient.setQueryData<LeadDetail>(['/api/leads', lead.leadId], (open) =>
        open ? { ...open, ...lead } : open,
      )
      await applyLead(queryClient, lead.leadId, lead)
    },
  })
}
