import { ResponsePage as ClientResponsePage } from '@/features/integrations/components/response-page.tsx'

/** /clients/{clientId}/response: one client's response playbook on a page of its own. */
export function ResponsePage({ clientId }: { clientId: string }) {
  return <ClientResponsePage clientId={clientId} />
}
