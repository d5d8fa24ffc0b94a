import { LayoutDashboard } from 'lucide-react'
import { PagePlaceholder } from '@/components/layout/page-placeholder.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx'
import { useAuth } from '@/features/auth/hooks/use-auth.ts'

export function DashboardPage() {
  const { user } = useAuth()
  const username = user?.username || 'Admin'

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
      <PagePlaceholder icon={LayoutDashboard}>
        Statistics, quick actions and the system status arrive with the forwarding engine and monitoring work.
      </PagePlaceholder>
    </div>
  )
}
