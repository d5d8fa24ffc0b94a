import { LayoutDashboard, UserPlus } from 'lucide-react'
import { useState } from 'react'
import { PagePlaceholder } from '@/components/layout/page-placeholder.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx'
import { AddClientDialog } from '@/features/clients/components/add-client-dialog.tsx'
import { FailedJobsCard } from '@/features/jobs/components/failed-jobs-card.tsx'
import { useAuth } from '@/lib/auth/use-auth.ts'

export function DashboardPage() {
  const { user } = useAuth()
  const username = user?.username || 'Admin'
  const canCreateClients = user?.permissions.canCreateClients === true
  const canViewLogs = user?.permissions.canViewLogs === true
  const canManageWebhooks = user?.permissions.canManageWebhooks === true
  const [isAddClientOpen, setIsAddClientOpen] = useState(false)

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Welcome back, {username}</CardTitle>
          <CardDescription>
            {user?.role ? (
              <>
                You are signed in with the{' '}
                <span className="font-medium text-foreground capitalize">{user.role}</span> role. The menu
                shows the screens your role can open.
              </>
            ) : (
              'The menu shows the screens your role can open.'
            )}
          </CardDescription>
        </CardHeader>
      </Card>
      {canCreateClients && (
        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
            <CardDescription>Common tasks</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Button
              variant="outline"
              className="h-auto justify-start gap-3 py-3"
              onClick={() => setIsAddClientOpen(true)}
            >
              <span className="flex size-8 items-center justify-center rounded-md bg-accent text-accent-foreground">
                <UserPlus />
              </span>
              Add New Client
            </Button>
          </CardContent>
          <AddClientDialog open={isAddClientOpen} onOpenChange={setIsAddClientOpen} />
        </Card>
      )}
      {canViewLogs && <FailedJobsCard canRetry={canManageWebhooks} />}
      <PagePlaceholder icon={LayoutDashboard}>
        Statistics, the other quick actions and the system status arrive with the forwarding engine and
        monitoring work.
      </PagePlaceholder>
    </div>
  )
}
