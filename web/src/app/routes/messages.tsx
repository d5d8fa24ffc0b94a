import { MessageSquare } from 'lucide-react'
import { PagePlaceholder } from '@/components/layout/page-placeholder.tsx'

export function MessagesPage() {
  return (
    <PagePlaceholder icon={MessageSquare}>
      This screen arrives with the Message and API logs work.
    </PagePlaceholder>
  )
}
