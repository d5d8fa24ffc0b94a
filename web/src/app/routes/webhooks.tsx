import { Webhook } from 'lucide-react'
import { PagePlaceholder } from '@/components/layout/page-placeholder.tsx'

export function WebhooksPage() {
  return (
    <PagePlaceholder icon={Webhook}>This screen arrives with the Message and API logs work.</PagePlaceholder>
  )
}
