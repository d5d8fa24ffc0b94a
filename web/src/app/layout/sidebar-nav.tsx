import { KeyRound, LogOut } from 'lucide-react'
import { useId, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { navItemFor, visibleNavItems } from '@/app/navigation.ts'
import { BrandLogo } from '@/components/layout/brand-logo.tsx'
import { Button } from '@/components/ui/button.tsx'
import { ChangePasswordDialog } from '@/features/auth/components/change-password-dialog.tsx'
import { WaitingLeadsBadge } from '@/features/inbox/components/waiting-leads-badge.tsx'
import { useAuth } from '@/lib/auth/use-auth.ts'
import { cn } from '@/lib/utils.ts'

/** Brand, the navigation the user's role may see, and the signed-in user with Change password and Logout. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const { user, logout } = useAuth()
  const [isChangingPassword, setChangingPassword] = useState(false)
  // The sidebar and the phone's menu may both be in the page: each its own id.
  const waitingCountId = useId()
  const [location] = useLocation()
  const activeHref = navItemFor(location)?.href
  const items = visibleNavItems(user?.permissions)
  const username = user?.username || 'Admin'

  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex h-16 shrink-0 items-center border-b border-sidebar-border px-5">
        <BrandLogo />
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="grid gap-1">
          {items.map(({ href, label, icon: Icon }) => {
            const isActive = href === activeHref
            // Lead Inbox carries the count of leads waiting for a reply, beside the link's name.
            const hasCount = href === '/inbox'
            return (
              <li key={href} className={hasCount ? 'relative' : undefined}>
                <Link
                  href={href}
                  onClick={onNavigate}
                  aria-current={isActive ? 'page' : undefined}
                  aria-describedby={hasCount ? waitingCountId : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                    isActive
                      ? 'bg-sidebar-accent text-sidebar-accent-foreground'
                      : 'hover:bg-muted hover:text-foreground',
                  )}
                >
                  <Icon
                    className={cn('size-4 shrink-0', isActive ? 'text-primary' : 'text-muted-foreground')}
                  />
                  {label}
                </Link>
                {hasCount && (
                  <WaitingLeadsBadge
                    id={waitingCountId}
                    className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2"
                  />
                )}
              </li>
            )
          })}
        </ul>
      </nav>
      <div className="shrink-0 border-t border-sidebar-border p-3">
        <div className="mb-2 flex items-center gap-3 px-2 py-1.5">
          <span
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground uppercase"
            aria-hidden="true"
          >
            {username.charAt(0)}
          </span>
          <div className="min-w-0 leading-tight">
            <div className="truncate text-sm font-medium text-foreground">{username}</div>
            {user?.role && <div className="text-xs text-muted-foreground capitalize">{user.role}</div>}
          </div>
        </div>
        <Button
          variant="ghost"
          className="w-full justify-start gap-3 px-3 text-muted-foreground hover:text-foreground"
          onClick={() => setChangingPassword(true)}
        >
          <KeyRound />
          Change password
        </Button>
        <Button
          variant="ghost"
          className="w-full justify-start gap-3 px-3 text-muted-foreground hover:text-foreground"
          onClick={() => {
            onNavigate?.()
            void logout()
          }}
        >
          <LogOut />
          Logout
        </Button>
        <ChangePasswordDialog open={isChangingPassword} onOpenChange={setChangingPassword} />
      </div>
    </div>
  )
}
