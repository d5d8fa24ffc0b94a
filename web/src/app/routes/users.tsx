import { Users } from 'lucide-react'
import { PagePlaceholder } from '@/components/layout/page-placeholder.tsx'

export function UsersPage() {
  return (
    <PagePlaceholder icon={Users}>
      This screen arrives with the Users, roles and assignments work.
    </PagePlaceholder>
  )
}
