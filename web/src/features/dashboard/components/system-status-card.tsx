import { Badge } from '@/components/ui/badge.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx'
import { useHealth } from '@/features/dashboard/api/get-health.ts'

// docs/spec/dashboard-spec.md §2.3: three fixed entries; §9 fixed endpoint paths.
const ENTRIES = [
  { name: 'Webhook Endpoint', detail: '/yelp/webhook', status: 'Active' },
  { name: 'Reply Endpoint', detail: '/reply', status: 'Active' },
  { name: 'OAuth Service', detail: 'Yelp & GoHighLevel', status: 'Online' },
] as const

export function SystemStatusCard() {
  const providers = useHealth().data?.providers
  // A hub without a provider's app credentials has no OAuth to offer (docs/spec/product.md §5):
  // the spec's fixed "Online" would tell a new operator the opposite.
  const unconfigured = providers?.yelp === 'not configured' || providers?.ghl === 'not configured'
  const entries = ENTRIES.map((entry) =>
    entry.name === 'OAuth Service' && unconfigured ? { ...entry, status: 'Not configured' } : entry,
  )
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>System Status</CardTitle>
        <CardDescription>Endpoints and services</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {entries.map((entry) => (
            <li
              key={entry.name}
              className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
            >
              <div className="flex min-w-0 items-center gap-3">
                <span
                  className={`size-2 shrink-0 rounded-full ${entry.status === 'Not configured' ? 'bg-muted-foreground' : 'bg-success'}`}
                  aria-hidden="true"
                />
                <div className="min-w-0">
                  <p className="text-sm font-medium">{entry.name}</p>
                  <p className="truncate font-mono text-xs text-muted-foreground">{entry.detail}</p>
                </div>
              </div>
              <Badge variant={entry.status === 'Not configured' ? 'secondary' : 'success'}>
                {entry.status}
              </Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
