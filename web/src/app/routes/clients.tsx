import { Building2 } from 'lucide-react'
import { PagePlaceholder } from '@/components/layout/page-placeholder.tsx'

export function ClientsPage() {
  return (
    <PagePlaceholder icon={Building2}>
      This screen arrives with the Clients and connections work.
    </PagePlaceholder>
  )
}
