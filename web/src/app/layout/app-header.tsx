import { Menu } from 'lucide-react'
import { useState } from 'react'
import { useLocation } from 'wouter'
import { type SystemProblem, type SystemState, systemProblems } from '@/app/layout/system-problems.ts'
import { SystemProblemsStrip } from '@/app/layout/system-problems-strip.tsx'
import { NOT_FOUND_META, navItemFor } from '@/app/navigation.ts'
import { Button } from '@/components/ui/button.tsx'
import { useHealth } from '@/features/dashboard/api/get-health.ts'
import { useHeaderSystemHealth } from '@/features/dashboard/api/get-system-health.ts'
import { SystemHealthDialog } from '@/features/dashboard/components/system-health-dialog.tsx'
import { useAuth } from '@/lib/auth/use-auth.ts'

export function AppHeader({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { user } = useAuth()
  const [location] = useLocation()
  const { title, subtitle } = navItemFor(location) ?? NOT_FOUND_META
  const username = user?.username || 'Admin'
  const system = useSystemProblems()
  const [isHealthOpen, setHealthOpen] = useState(false)
  const openHealth = system.canSeeChecks ? () => setHealthOpen(true) : null

  return (
    <header className="shrink-0 border-b bg-card">
      <div className="flex min-h-16 items-center gap-3 px-4 py-2 sm:px-6 lg:px-8">
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
          <SystemIndicator
            state={system.state}
            label={system.label}
            problems={system.problems}
            onOpen={openHealth}
          />
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
      </div>
      <SystemProblemsStrip problems={system.problems} onOpenHealth={openHealth} />
      {openHealth && <SystemHealthDialog open={isHealthOpen} onOpenChange={setHealthOpen} />}
    </header>
  )
}

/** The header's view of the system: GET /api/health for everyone, the live checks for those who may see them. */
function useSystemProblems() {
  const { user } = useAuth()
  const canSeeChecks = user?.permissions.canViewSystemStats === true
  const health = useHealth()
  const checks = useHeaderSystemHealth(canSeeChecks && health.data?.status === 'ok')
  return {
    canSeeChecks,
    ...systemProblems({
      health: health.data,
      isPending: health.isPending,
      checks: checks.data?.checks ?? [],
    }),
  }
}

/**
 * 'System Online' only when the engine can work: the server answers, both providers have their
 * app credentials and no live check finds anything wrong. Otherwise the state in a word or two,
 * the problems in words on hover, and the System Health dialog on click.
 */
function SystemIndicator({
  state,
  label,
  problems,
  onOpen,
}: {
  state: SystemState
  label: string
  problems: readonly SystemProblem[]
  onOpen: (() => void) | null
}) {
  const dot = {
    online: 'bg-success ring-success/20',
    checking: 'bg-muted-foreground ring-muted',
    offline: 'bg-destructive ring-destructive/20',
    degraded: 'bg-amber-500 ring-amber-500/20',
    unconfigured: 'bg-muted-foreground ring-muted',
  }[state]
  const reason = problems.map((problem) => `${problem.text}: ${problem.detail}`).join('\n')
  const content = (
    <>
      <span className={`size-2.5 shrink-0 rounded-full ring-4 ${dot}`} aria-hidden="true" />
      <span className="whitespace-nowrap">{label}</span>
    </>
  )
  if (!onOpen) {
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
    <button
      type="button"
      className="flex items-center gap-2 rounded-md px-1 text-sm text-muted-foreground hover:text-foreground"
      data-testid="system-indicator"
      data-state={state}
      title={reason || label}
      aria-label={reason ? `${label}: ${reason}` : label}
      onClick={onOpen}
    >
      {content}
    </button>
  )
}
