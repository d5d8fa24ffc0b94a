import { Inbox } from 'lucide-react'
import { PagePlaceholder } from '@/components/layout/page-placeholder.tsx'

export function InboxPage() {
  return <PagePlaceholder icon={Inbox}>This screen arrives with the Lead Inbox work.</PagePlaceholder>
}
