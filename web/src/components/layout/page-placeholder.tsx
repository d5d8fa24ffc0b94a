import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent } from '@/components/ui/card.tsx'

/** An honest stand-in for a screen a later piece of work delivers: no fake data, no dead buttons. */
export function PagePlaceholder({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <Card className="border-dashed shadow-none">
      <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="grid max-w-md gap-1.5">
          <h2 className="text-base font-semibold">Not available yet</h2>
          <p className="text-balance text-sm text-muted-foreground">{children}</p>
        </div>
      </CardContent>
    </Card>
  )
}
