import { Lock } from 'lucide-react'
import { Card, CardContent } from '@/components/ui/card.tsx'

/** Shown when the signed-in role lacks the permission of the screen opened by its address. */
export function AccessDeniedPage() {
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Lock className="size-6" aria-hidden="true" />
        </span>
        <div className="grid gap-1.5">
          <h2 className="text-base font-semibold">No access</h2>
          <p className="text-sm text-muted-foreground">
            Your role does not include this screen. Ask an administrator if you need it.
          </p>
        </div>
      </CardContent>
    </Card>
  )
}
