import { ArrowLeft, FileQuestion } from 'lucide-react'
import { Link, useLocation } from 'wouter'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardContent } from '@/components/ui/card.tsx'

// The header carries the title 'Page Not Found' for any unknown path (see navigation.ts).
export function NotFoundPage() {
  const [location] = useLocation()
  return (
    <Card className="mx-auto max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <FileQuestion className="size-6" aria-hidden="true" />
        </span>
        <div className="grid gap-1.5">
          <p className="text-sm font-semibold tracking-wide text-primary">404</p>
          <p className="text-sm text-muted-foreground">
            Nothing lives at{' '}
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{location}</code>.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link href="/">
            <ArrowLeft />
            Back to Dashboard
          </Link>
        </Button>
      </CardContent>
    </Card>
  )
}
