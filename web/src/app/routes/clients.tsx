import { ClientManagement } from '@/features/clients/components/client-management.tsx'

export function ClientsPage() {
  return <ClientManagement />
}
