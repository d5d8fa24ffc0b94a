import { Archive, RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useBackups } from '@/features/settings/api/get-backups.ts'
import { formatBytes } from '@/features/settings/utils/settings-form-values.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

/** The newest backups in the backup location, with their size and time. */
export function BackupList() {
  const backups = useBackups()
  if (backups.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading backups">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
    )
  }
  if (backups.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/40 p-3 text-sm">
        <span className="min-w-0 flex-1 break-words">
          Recent backups could not be loaded: {serverMessageOf(backups.error) ?? backups.error.message}
        </span>
        <Button type="button" variant="outline" size="sm" onClick={() => void backups.refetch()}>
          <RefreshCw />
          Try again
        </Button>
      </div>
    )
  }
  if (backups.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No backups yet.</p>
  }
  return (
    <ul className="grid gap-2" aria-label="Recent backups">
      {backups.data.map((backup) => (
        <li key={backup.file} className="flex min-w-0 items-center gap-3 rounded-md border px-3 py-2 text-sm">
          <Archive className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-mono text-xs" title={backup.file}>
              {backup.name}
            </p>
            <p className="text-xs text-muted-foreground">{new Date(backup.createdAt).toLocaleString()}</p>
          </div>
          <span className="shrink-0 tabular-nums text-muted-foreground">{formatBytes(backup.sizeBytes)}</span>
        </li>
      ))}
    </ul>
  )
}
