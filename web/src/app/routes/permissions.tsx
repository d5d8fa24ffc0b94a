import { ShieldCheck } from 'lucide-react'
import { PagePlaceholder } from '@/components/layout/page-placeholder.tsx'

export function PermissionsPage() {
  return (
    <PagePlaceholder icon={ShieldCheck}>
      This screen arrives with the Users, roles and assignments work.
    </PagePlaceholder>
  )
}
