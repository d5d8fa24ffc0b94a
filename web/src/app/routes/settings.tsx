import { SettingsManagement } from '@/features/settings/components/settings-management.tsx'

// docs/spec/dashboard-spec.md §2.13; the route is shown only to roles with canManageSettings (app/navigation.ts).
export function SettingsPage() {
  return <SettingsManagement />
}
