import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { Route, Switch } from 'wouter'
import { AppShell } from '@/app/layout/app-shell.tsx'
import { canSee, NAV_ITEMS } from '@/app/navigation.ts'
import { FullPageSpinner, PageSpinner } from '@/components/layout/full-page-spinner.tsx'
import { AuthProvider } from '@/features/auth/components/auth-provider.tsx'
import { useAuth } from '@/lib/auth/use-auth.ts'

// Every page is its own chunk, loaded when first shown.
const LoginPage = lazy(() => import('@/app/routes/login.tsx').then((m) => ({ default: m.LoginPage })))
const OnboardPage = lazy(() => import('@/app/routes/onboard.tsx').then((m) => ({ default: m.OnboardPage })))
const NotFoundPage = lazy(() =>
  import('@/app/routes/not-found.tsx').then((m) => ({ default: m.NotFoundPage })),
)
const ResponsePage = lazy(() =>
  import('@/app/routes/response.tsx').then((m) => ({ default: m.ResponsePage })),
)
const AccessDeniedPage = lazy(() =>
  import('@/app/routes/access-denied.tsx').then((m) => ({ default: m.AccessDeniedPage })),
)

const PAGES: Record<string, ComponentType> = {
  '/': lazy(() => import('@/app/routes/dashboard.tsx').then((m) => ({ default: m.DashboardPage }))),
  '/clients': lazy(() => import('@/app/routes/clients.tsx').then((m) => ({ default: m.ClientsPage }))),
  '/users': lazy(() => import('@/app/routes/users.tsx').then((m) => ({ default: m.UsersPage }))),
  '/permissions': lazy(() =>
    import('@/app/routes/permissions.tsx').then((m) => ({ default: m.PermissionsPage })),
  ),
  '/inbox': lazy(() => import('@/app/routes/inbox.tsx').then((m) => ({ default: m.InboxPage }))),
  '/messages': lazy(() => import('@/app/routes/messages.tsx').then((m) => ({ default: m.MessagesPage }))),
  '/webhooks': lazy(() => import('@/app/routes/webhooks.tsx').then((m) => ({ default: m.WebhooksPage }))),
  '/alerts': lazy(() => import('@/app/routes/alerts.tsx').then((m) => ({ default: m.AlertsPage }))),
  '/settings': lazy(() => import('@/app/routes/settings.tsx').then((m) => ({ default: m.SettingsPage }))),
}

function Lazy({ children, fallback = <PageSpinner /> }: { children: ReactNode; fallback?: ReactNode }) {
  return <Suspense fallback={fallback}>{children}</Suspense>
}

/** The signed-in part: login screen when nobody is signed in (address unchanged), else the shell. */
function AdminApp() {
  const { user, isLoading } = useAuth()

  if (isLoading) return <FullPageSpinner label="Checking your session" />
  if (!user) {
    return (
      <Lazy fallback={<FullPageSpinner />}>
        <LoginPage />
      </Lazy>
    )
  }

  return (
    <AppShell>
      <Lazy>
        <Switch>
          {/* A client's Response page: the playbook, which its API keeps to canManageClientIntegrations. */}
          <Route path="/clients/:clientId/response">
            {(params) =>
              user.permissions.canManageClientIntegrations ? (
                <ResponsePage clientId={params.clientId} />
              ) : (
                <AccessDeniedPage />
              )
            }
          </Route>
          {NAV_ITEMS.map((item) => {
            const Page = PAGES[item.href] ?? NotFoundPage
            return (
              <Route key={item.href} path={item.href}>
                {canSee(item, user.permissions) ? <Page /> : <AccessDeniedPage />}
              </Route>
            )
          })}
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Lazy>
    </AppShell>
  )
}

export function AppRouter() {
  return (
    <Switch>
      <Route path="/onboard/:clientId">
        {(params) => (
          <Lazy fallback={<FullPageSpinner />}>
            <OnboardPage clientId={params.clientId} />
          </Lazy>
        )}
      </Route>
      <Route>
        <AuthProvider>
          <AdminApp />
        </AuthProvider>
      </Route>
    </Switch>
  )
}
