import { Download, HeartPulse, type LucideIcon, UserPlus, Webhook } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useExportLogs } from '@/features/dashboard/api/export-logs.ts'
import { useTestWebhook } from '@/features/dashboard/api/test-webhook.ts'
import { SystemHealthDialog } from '@/features/dashboard/components/system-health-dialog.tsx'
import { serverMessageOf } from '@/lib/api-client.ts'

export interface QuickActionPermissions {
  canCreateClients: boolean
  canManageWebhooks: boolean
  /** Export Logs reads both logs. */
  canExportLogs: boolean
  canViewSystemStats: boolean
}

/** docs/spec/dashboard-spec.md §2.3 Quick Actions; each shown only to a role that may use it (docs/spec/product.md §2). */
export function QuickActionsCard({
  permissions,
  onAddClient,
}: {
  permissions: QuickActionPermissions
  onAddClient: () => void
}) {
  const testWebhook = useTestWebhook()
  const exportLogs = useExportLogs()
  const [isHealthOpen, setIsHealthOpen] = useState(false)

  const runTest = () =>
    testWebhook.mutateAsync().then(
      () => toast({ title: 'Webhook test completed', description: 'Test webhook logged successfully' }),
      (error: unknown) =>
        toast({
          title: 'Webhook test failed',
          description: serverMessageOf(error) ?? (error as Error).message,
          variant: 'destructive',
        }),
    )
  const runExport = () =>
    exportLogs.mutateAsync().then(
      ({ backupFile }) => toast({ title: 'Backup created', description: `Backup saved to ${backupFile}` }),
      (error: unknown) =>
        toast({
          title: 'Backup failed',
          description: serverMessageOf(error) ?? (error as Error).message,
          variant: 'destructive',
        }),
    )

  const actions: Array<{
    label: string
    icon: LucideIcon
    onClick: () => void
    busy?: string
    show: boolean
  }> = [
    { label: 'Add New Client', icon: UserPlus, onClick: onAddClient, show: permissions.canCreateClients },
    {
      label: 'Test Webhook',
      icon: Webhook,
      onClick: () => void runTest(),
      busy: testWebhook.isPending ? 'Testing...' : undefined,
      show: permissions.canManageWebhooks,
    },
    {
      label: 'Export Logs',
      icon: Download,
      onClick: () => void runExport(),
      busy: exportLogs.isPending ? 'Exporting...' : undefined,
      show: permissions.canExportLogs,
    },
    {
      label: 'System Health',
      icon: HeartPulse,
      onClick: () => setIsHealthOpen(true),
      show: permissions.canViewSystemStats,
    },
  ]
  const shown = actions.filter((action) => action.show)
  if (shown.length === 0) return null

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
        <CardDescription>Common tasks</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2">
        {shown.map(({ label, icon: Icon, onClick, busy }) => (
          <Button
            key={label}
            variant="outline"
            className="h-auto justify-start gap-3 py-3"
            onClick={onClick}
            disabled={busy !== undefined}
          >
            <span className="flex size-8 items-center justify-center rounded-md bg-accent text-accent-foreground">
              <Icon />
            </span>
            {busy ?? label}
          </Button>
        ))}
      </CardContent>
      <SystemHealthDialog open={isHealthOpen} onOpenChange={setIsHealthOpen} />
    </Card>
  )
}
