import { Check, Copy, ExternalLink } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'

/** A read-only value with copy and open buttons (the onboarding URL). */
export function CopyField({ id, value, label }: { id: string; value: string; label: string }) {
  const [copied, setCopied] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
    } catch {
      // No clipboard permission (plain http, old browser): select the text so Ctrl+C works.
      const input = document.getElementById(id)
      if (input instanceof HTMLInputElement) input.select()
    }
  }

  return (
    <div className="flex gap-2">
      <Input
        id={id}
        readOnly
        value={value}
        aria-label={label}
        className="bg-muted/50 font-mono text-xs"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button
        type="button"
        variant="outline"
        size="icon"
        onClick={copy}
        aria-label={copied ? 'Copied' : `Copy ${label}`}
      >
        {copied ? <Check className="text-success" /> : <Copy />}
      </Button>
      <Button asChild variant="outline" size="icon">
        <a href={value} target="_blank" rel="noopener noreferrer" aria-label={`Open ${label}`}>
          <ExternalLink />
        </a>
      </Button>
    </div>
  )
}
