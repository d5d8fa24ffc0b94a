import { RefreshCw } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardContent } from '@/components/ui/card.tsx'
import { Skeleton } from '@/components/ui/skeleton.tsx'
import { useSettings } from '@/features/settings/api/get-settings.ts'
import { SettingsForm } from '@/features/settings/components/settings-form.tsx'
import { serverMessageOf } from '@/lib/api-client.ts'

/** The Settings screen (docs/spec/dashboard-spec.md §2.13): loading, error, then the form. */
export function SettingsManagement() {
  const settings = useSettings()
  if (settings.isPending) {
    return (
      <div className="grid gap-6 xl:grid-cols-2" role="status" aria-label="Loading settings">
        {[0, 1, 2, 3].map((card) => (
          <div key={card} className="grid gap-4 rounded-xl border bg-card p-6 shadow-sm">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </div>
        ))}
      </div>
    )
  }
  if (settings.isError) {
    return (
      <Card className="border-destructive/40">
        <CardContent className="flex flex-col items-center gap-3 py-8 text-center">
          <p className="font-medium">The settings could not be loaded</p>
          <p className="text-sm break-words text-muted-foreground">
            {serverMessageOf(settings.error) ?? settings.error.message}
          </p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            <RefreshCw />
            Try again
          </Button>
        </CardContent>
      </Card>
    )
  }
  return <SettingsForm settings={settings.data} />
}
