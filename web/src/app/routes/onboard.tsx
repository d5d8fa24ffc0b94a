import { PlugZap } from 'lucide-react'
import { BrandLogo } from '@/components/layout/brand-logo.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx'

// Public page (no sign-in, no shell). Connecting accounts comes with the client connections work;
// until then it says so instead of offering buttons that cannot work.
export function OnboardPage({ clientId }: { clientId: string }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-accent/60 via-background to-background px-4 py-12">
      <div className="w-full max-w-md">
        <BrandLogo className="mb-8 justify-center" />
        <Card className="shadow-md">
          <CardHeader className="gap-2 text-center">
            <h1 className="text-2xl font-semibold tracking-tight">Client onboarding</h1>
            <CardDescription>
              Client ID <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{clientId}</code>
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col items-center gap-3 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <PlugZap className="size-6" aria-hidden="true" />
            </span>
            <p className="text-balance text-sm text-muted-foreground">
              Connecting your Yelp and GoHighLevel accounts from this page arrives with the client connections
              work. Nothing can be connected here yet.
            </p>
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
