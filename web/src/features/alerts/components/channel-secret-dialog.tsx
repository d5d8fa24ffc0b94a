import { Copy } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx'
import { toast } from '@/components/ui/use-toast.ts'

/** A new webhook channel's signing secret: shown this once, never sent again (docs/spec/product.md §9.7). */
export function ChannelSecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Signing secret</DialogTitle>
          <DialogDescription>
            Copy it now: it is shown only once. Your receiver verifies each delivery's webhook-signature with
            it (Standard Webhooks).
          </DialogDescription>
        </DialogHeader>
        <code
          className="block rounded-md bg-muted p-3 font-mono text-sm break-all"
          data-testid="channel-secret"
        >
          {secret}
        </code>
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              if (secret) void navigator.clipboard?.writeText(secret)
              toast({ title: 'Secret copied' })
            }}
          >
            <Copy aria-hidden="true" /> Copy
          </Button>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
