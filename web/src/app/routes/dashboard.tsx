import { useState } from 'react'
import { AddClientDialog } from '@/features/clients/components/add-client-dialog.tsx'
import { ActivityChart } from '@/features/dashboard/components/activity-chart.tsx'
import { ClientFiguresCard } from '@/features/dashboard/components/client-figures-card.tsx'
import { ProviderAlertsBanner } from '@/features/dashboard/components/provider-alerts-banner.tsx'
import { QuickActionsCard } from '@/features/dashboard/components/quick-actions-card.tsx'
import { StatCards } from '@/features/dashboard/components/stat-cards.tsx'
import { SystemStatusCard } from '@/features/dashboard/components/system-status-card.tsx'
import { FailedJobsCard } from '@/features/jobs/components/failed-jobs-card.tsx'
import { useAuth } from '@/lib/auth/use-auth.ts'

/** docs/spec/dashboard-spec.md §2.3 Dashboard, with the activity chart and failed jobs operators diagnose with. */
export function DashboardPage() {
  const { user } = useAuth()
  const permissions = user?.permissions
  const can = (flag: keyof NonNullable<typeof permissions>) => permissions?.[flag] === true
  const [isAddClientOpen, setIsAddClientOpen] = useState(false)

  return (
    <div className="grid grid-cols-1 gap-6">
      <ProviderAlertsBanner />
      {can('canViewSystemStats') && <StatCards />}
      <div className="grid gap-6 lg:grid-cols-2">
        <QuickActionsCard
          permissions={{
            canCreateClients: can('canCreateClients'),
            canManageWebhooks: can('canManageWebhooks'),
            canExportLogs: can('canViewMessages') && can('canViewWebhooks'),
            canViewSystemStats: can('canViewSystemStats'),
          }}
          onAddClient={() => setIsAddClientOpen(true)}
        />
        <SystemStatusCard />
      </div>
      {can('canViewSystemStats') && <ActivityChart />}
      {can('canViewSystemStats') && <ClientFiguresCard />}
      {can('canViewLogs') && <FailedJobsCard canRetry={can('canManageWebhooks')} />}
      {can('canCreateClients') && (
        <AddClientDialog open={isAddClientOpen} onOpenChange={setIsAddClientOpen} />
      )}
    </div>
  )
}
