import { Menu } from 'lucide-react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { NOT_FOUND_META, navItemFor } from '@/app/navigation.ts'
import { Button } from '@/components/ui/button.tsx'
import { useHealth } from '@/features/dashboard/api/get-health.ts'
import { useHeaderSystemHealth } from '@/features/dashboard/api/get-system-health.ts'
import { SystemHealthDialog } from '@/features/dashboard/components/system-health-dialog.tsx'
import { useAuth } from '@/lib/auth/use-auth.ts'

/** The app credentials each provider needs on the server (docs/spec/product.md §5). */
const PROVIDERS = [
  { key: 'yelp', name: 'Yelp', env: 'YELP_CLIENT_ID and YELP_CLIENT_SECRET' },
  { key: 'ghl', name: 'GHL', env: 'GHL_CLIENT_ID and GHL_CLIENT_SECRET' },
] as const

export function AppHeader({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { user } = useAuth()
  const [location] = useLocation()
  const { title, subtitle } = navItemFor(location) ?? NOT_FOUND_META
  const username = user?.username || 'Admin'

  return (
    <header className="flex min-h-16 shrink-0 items-center gap-3 border-b bg-card px-4 py-2 sm:px-6 lg:px-8">
      <Button
        variant="ghost"
        size="icon"
        className="-ml-2 lg:hidden"
        aria-label="Open menu"
        onClick={onOpenMenu}
      >
        <Menu className="size-5" />
      </Button>
      <div className="min-w-0 flex-1">
        {/* The title wraps rather than being cut: "Role & Permissions Management" is wider than a phone's header. */}
        <h1 className="text-base font-semibold leading-tight tracking-tight break-words sm:text-lg">
          {title}
        </h1>
        <p className="truncate text-xs text-muted-foreground sm:text-sm">{subtitle}</p>
      </div>
      <div className="flex shrink-0 items-center gap-3 sm:gap-4">
        <SystemIndicator />
        <div className="hidden h-6 w-px bg-border sm:block" aria-hidden="true" />
        <div className="flex items-center gap-2">
          <span
            className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground uppercase"
            aria-hidden="true"
          >
            {username.charAt(0)}
          </span>
          <span
            className="hidden max-w-40 truncate text-sm font-medium md:inline"
            data-testid="header-username"
          >
            {username}
          </span>
        </div>
      </div>
    </header>
  )
}

/**
 * 'System Online' while /api/health answers ok, both providers have their app credentials and
 * the live checks find nothing wrong; 'System Degraded' when connections need re-auth, jobs are
 * dead or webhooks are silent (the checks of GET /api/system-health); 'Not configured' while a
 * provider's credentials are missing (docs/spec/product.md §5). Names why on hover, and opens
 * System Health on click.
 */
function SystemIndicator() {
  const { user } = useAuth()
  const canSeeChecks = user?.permissions.canViewSystemStats === true
  const health = useHealth()
  const checks = useHeaderSystemHealth(canSeeChecks && health.data?.status === 'ok')
  const [isOpen, setOpen] = useState(false)
  const problems = (checks.data?.checks ?? []).filter((check) => check.state !== 'ok')
  const missing = PROVIDERS.filter(({ key }) => health.data?.providers?.[key] === 'not configured')
  const state = health.isPending
    ? 'checking'
    : health.data?.status !== 'ok'
      ? 'offline'
      : problems.length > 0
        ? 'degraded'
        : missing.length > 0
          ? 'unconfigured'
          : 'online'
  const label = {
    online: 'System Online',
    checking: 'Checking system',
    offline: 'System Offline',
    degraded: 'System Degraded',
    unconfigured: missing.length === 1 ? `${missing[0]?.name} not configured` : 'Not configured',
  }[state]
  const dot = {
    online: 'bg-success ring-success/20',
    checking: 'bg-muted-foreground ring-muted',
    offline: 'bg-destructive ring-destructive/20',
    degraded: 'bg-amber-500 ring-amber-500/20',
    unconfigured: 'bg-muted-foreground ring-muted',
  }[state]
  const reason =
    state === 'unconfigured'
      ? missing.map(({ name, env }) => `${name} is not configured: set ${env}`).join('\n')
      : problems.map((check) => `${check.label}: ${check.detail}`).join('\n')
  const content = (
    <>
      <span className={`size-2.5 rounded-full ring-4 ${dot}`} aria-hidden="true" />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </>
  )
  if (!canSeeChecks) {
    return (
      <div
        className="flex items-center gap-2 text-sm text-muted-foreground"
        data-testid="system-indicator"
        data-state={state}
        title={reason || undefined}
      >
        {content}
      </div>
    )
  }
  return (
    <>
      <button
        type="button"
        className="flex items-center gap-2 rounded-md px-1 text-sm text-muted-foreground hover:text-foreground"
        data-testid="system-indicator"
        data-state={state}
        title={reason || label}
        aria-label={reason ? `${label}: ${reason}` : label}
        onClick={() => setOpen(true)}
      >
        {content}
      </button>
      <SystemHealthDialog open={isOpen} onOpenChange={setOpen} />
    </>
  )
}
