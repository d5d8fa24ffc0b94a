import { Settings } from 'lucide-react'
import { PagePlaceholder } from '@/components/layout/page-placeholder.tsx'

export function SettingsPage() {
  return <PagePlaceholder icon={Settings}>This screen arrives with the Settings work.</PagePlaceholder>
}
