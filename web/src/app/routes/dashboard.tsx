import { useEffect, useState } from 'react'
import { FAILED_JOBS_ANCHOR } from '@/app/layout/system-problems.ts'
import { AddClientDialog } from '@/features/clients/components/add-client-dialog.tsx'
import { ActivityChart } from '@/features/dashboard/components/activity-chart.tsx'
import { ClientFiguresCard } from '@/features/dashboard/components/client-figures-card.tsx'
import { FirstRepliesCard } from '@/features/dashboard/components/first-replies-card.tsx'
import { ProviderAlertsBanner } from '@/features/dashboard/components/provider-alerts-banner.tsx'
import { QuickActionsCard } from '@/features/dashboard/components/quick-actions-card.tsx'
import { StatCards } from '@/features/dashboard/components/stat-cards.tsx'
import { SystemStatusCard } from '@/features/dashboard/components/system-status-card.tsx'
import { FailedJobsCard } from '@/features/jobs/components/failed-jobs-card.tsx'
import { useAuth } from '@/lib/auth/use-auth.ts'

/**
 * docs/spec/dashboard-spec.md §2.3 Dashboard, with the response figures (docs/spec/product.md §9.1),
 * the activity chart and the failed jobs operators diagnose with.
 */
export function DashboardPage() {
  const { user } = useAuth()
  const permissions = user?.permissions
  const can = (flag: keyof NonNullable<typeof permissions>) => permissions?.[flag] === true
  const [isAddClientOpen, setIsAddClientOpen] = useState(false)
  useScrollToHash()

  return (
    <div className="grid grid-cols-1 gap-6">
      <ProviderAlertsBanner />
      {can('canViewSystemStats') && <StatCards />}
      {can('canViewSystemStats') && <ClientFiguresCard />}
      {can('canViewSystemStats') && (
        <div className="grid min-w-0 gap-6 xl:grid-cols-2">
          <FirstRepliesCard />
          <ActivityChart />
        </div>
      )}
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
      {can('canViewLogs') && (
        <div id={FAILED_JOBS_ANCHOR} className="scroll-mt-4">
          <FailedJobsCard canRetry={can('canManageWebhooks')} />
        </div>
      )}
      {can('canCreateClients') && (
        <AddClientDialog open={isAddClientOpen} onOpenChange={setIsAddClientOpen} />
      )}
    </div>
  )
}

/** A link to `/#failed-jobs` (the header's) scrolls to that card once the page has drawn it. */
function useScrollToHash() {
  useEffect(() => {
    const id = window.location.hash.slice(1)
    if (!id) return
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }))
    return () => cancelAnimationFrame(frame)
  }, [])
}
