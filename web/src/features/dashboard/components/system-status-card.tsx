import { Badge } from '@/components/ui/badge.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx'

// docs/spec/dashboard-spec.md §2.3: three fixed entries; §9 fixed endpoint paths.
const ENTRIES = [
  { name: 'Webhook Endpoint', detail: '/yelp/webhook', status: 'Active' },
  { name: 'Reply Endpoint', detail: '/reply', status: 'Active' },
  { name: 'OAuth Service', detail: 'Yelp & GoHighLevel', status: 'Online' },
] as const

export function SystemStatusCard() {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>System Status</CardTitle>
        <CardDescription>Endpoints and services</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {ENTRIES.map((entry) => (
            <li
              key={entry.name}
              className="flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
            >
              <div className="flex min-w-0 items-center gap-3">
                <span className="size-2 shrink-0 rounded-full bg-success" aria-hidden="true" />
                <div className="min-w-0">
                  <p className="text-sm font-medium">{entry.name}</p>
                  <p className="truncate font-mono text-xs text-muted-foreground">{entry.detail}</p>
                </div>
              </div>
              <Badge variant="success">{entry.status}</Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
