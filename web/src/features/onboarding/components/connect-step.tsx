import { ArrowUpRight, CheckCircle2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge.tsx'
import { Button } from '@/components/ui/button.tsx'
import { cn } from '@/lib/utils.ts'

export type ConnectState =
  | { kind: 'connected' }
  | { kind: 'ready'; href: string }
  | { kind: 'waiting'; reason: string }

/** One account to connect on the onboarding page: its live status, or the button that starts OAuth. */
export function ConnectStep({
  step,
  provider,
  icon,
  iconClassName,
  description,
  state,
}: {
  step: number
  provider: string
  icon: ReactNode
  iconClassName: string
  description: string
  state: ConnectState
}) {
  const isConnected = state.kind === 'connected'
  return (
    <li
      aria-label={`Step ${step}: ${provider}`}
      data-state={state.kind}
      className={cn(
        'flex flex-col gap-4 rounded-xl border p-4 transition-colors sm:flex-row sm:items-center sm:p-5',
        isConnected ? 'border-success/30 bg-success/5' : 'bg-card',
      )}
    >
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <span
          className={cn(
            'flex size-11 shrink-0 items-center justify-center rounded-xl text-white shadow-sm',
            iconClassName,
          )}
          aria-hidden="true"
        >
          {icon}
        </span>
        <div className="grid min-w-0 gap-1">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Step {step}</p>
          <h2 className="text-base font-semibold leading-tight">Connect {provider}</h2>
          <p className="text-sm text-muted-foreground">
            {state.kind === 'waiting' ? state.reason : description}
          </p>
        </div>
      </div>
      <div className="shrink-0 sm:pl-2">
        {state.kind === 'connected' ? (
          <Badge variant="success" className="px-2.5 py-1 text-sm">
            <CheckCircle2 className="size-4!" aria-hidden="true" />
            Connected
          </Badge>
        ) : state.kind === 'ready' ? (
          <Button asChild className="w-full sm:w-auto">
            <a href={state.href} target="_blank" rel="noopener">
              Connect {provider}
              <ArrowUpRight />
            </a>
          </Button>
        ) : (
          <Button disabled variant="outline" className="w-full sm:w-auto">
            Connect {provider}
          </Button>
        )}
      </div>
    </li>
  )
}
