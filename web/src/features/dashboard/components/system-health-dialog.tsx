import type { HealthState } from '@common/stats.ts'
import { CheckCircle2, RefreshCw, TriangleAlert, XCircle } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useSystemHealth } from '@/features/dashboard/api/get-system-health.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

const ICONS: Record<HealthState, { icon: typeof CheckCircle2; className: string; label: string }> = {
  ok: { icon: CheckCircle2, className: 'text-success', label: 'OK' },
  warning: { icon: TriangleAlert, className: 'text-amber-600', label: 'Needs attention' },
  error: { icon: XCircle, className: 'text-destructive', label: 'Failing' },
}

/** docs/spec/product.md §2: 'System Health' opens live checks of the database, queue, webhooks and connections. */
export function SystemHealthDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const health = useSystemHealth(open)
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>System Health</DialogTitle>
          <DialogDescription>
            Live checks of the database, the job queue, incoming webhooks and client connections.
          </DialogDescription>
        </DialogHeader>
        {health.isPending ? (
          <div className="grid gap-3" role="status" aria-label="Running checks">
            {[0, 1, 2, 3, 4, 5].map((row) => (
              <Skeleton key={row} className="h-10 w-full" />
            ))}
          </div>
        ) : health.isError ? (
          <p className="text-sm text-destructive" role="alert">
            The checks could not run. {serverMessageOf(health.error) ?? health.error.message}
          </p>
        ) : (
          <ul className="grid gap-2" aria-label="Health checks">
            {health.data.checks.map((check) => {
              const { icon: Icon, className, label } = ICONS[check.state]
              return (
                <li
                  key={check.key}
                  className="flex items-start gap-3 rounded-lg border p-3"
                  data-testid={`health-${check.key}`}
                  data-state={check.state}
                >
                  <Icon className={`mt-0.5 size-4 shrink-0 ${className}`} aria-label={label} />
                  <div className="min-w-0">
                    <p className="text-sm font-medium">{check.label}</p>
                    <p className="break-words text-xs text-muted-foreground">{check.detail}</p>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => void health.refetch()} disabled={health.isFetching}>
            <RefreshCw className={health.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
            Check again
          </Button>
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
