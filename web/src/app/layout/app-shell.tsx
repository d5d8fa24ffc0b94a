import { type ReactNode, useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { AppHeader } from '@/app/layout/app-header.tsx'
import { SidebarNav } from '@/app/layout/sidebar-nav.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet.tsx'
import { type LiveUpdater, useLiveChanges } from '@/features/events/hooks/use-live-changes.ts'
import { inboxLiveUpdates } from '@/features/inbox/api/live-lead-updates.ts'
import { requestLogsLiveUpdates } from '@/features/request-logs/api/live-log-updates.ts'

// The inbox moves a changed lead within its loaded pages, and the API & Webhook Logs put new
// entries in front of theirs, instead of reloading every loaded page.
const LIVE_UPDATERS: readonly LiveUpdater[] = [inboxLiveUpdates, requestLogsLiveUpdates]

/** Sidebar from lg up; below it a slide-out menu opened from the header (docs/spec/dashboard-spec.md §2.1). */
export function AppShell({ children }: { children: ReactNode }) {
  const [isMenuOpen, setIsMenuOpen] = useState(false)
  const [location] = useLocation()
  // The shell shows only when signed in: from then on, screens follow the server's changes.
  useLiveChanges(true, LIVE_UPDATERS)

  // Any navigation (including back/forward) closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location is the trigger, not a value read.
  useEffect(() => {
    setIsMenuOpen(false)
  }, [location])

  return (
    <div className="flex h-screen overflow-hidden bg-background">
      <aside className="hidden w-64 shrink-0 border-r border-sidebar-border lg:block">
        <SidebarNav />
      </aside>
      <Sheet open={isMenuOpen} onOpenChange={setIsMenuOpen}>
        <SheetContent side="left" className="w-72 gap-0 p-0 sm:max-w-72">
          <SheetTitle className="sr-only">Navigation</SheetTitle>
          <SheetDescription className="sr-only">Screens of the admin dashboard</SheetDescription>
          <SidebarNav onNavigate={() => setIsMenuOpen(false)} />
        </SheetContent>
      </Sheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader onOpenMenu={() => setIsMenuOpen(true)} />
        <main className="flex-1 overflow-y-auto">
          <div className="mx-auto w-full max-w-7xl p-4 sm:p-6 lg:p-8">{children}</div>
        </main>
      </div>
    </div>
  )
}
