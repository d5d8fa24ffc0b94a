import type { OnboardingView } from '@common/onboarding.ts'
import { LinkIcon, LoaderCircle, PartyPopper, RefreshCw, ShieldCheck, Star, Workflow } from 'lucide-react'
import type { ReactNode } from 'react'
import { BrandLogo } from '@/components/layout/brand-logo.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardContent } from '@/components/ui/card.tsx'
import { useOnboarding } from '@/features/onboarding/api/get-onboarding.ts'
import { type ConnectState, ConnectStep } from '@/features/onboarding/components/connect-step.tsx'
import { ghlConnectUrl, yelpConnectUrl } from '@/features/onboarding/utils/oauth-links.ts'
import { ApiError, serverMessageOf } from '@/lib/api-client.ts'

const INVALID_LINK = 'This onboarding link is invalid'

/** docs/spec/product.md §4: the public page where a client connects its Yelp and GoHighLevel accounts. */
export function OnboardingScreen({ clientId, token }: { clientId: string; token: string }) {
  const onboarding = useOnboarding(clientId, token)

  let content: ReactNode
  if (!token) {
    content = <LinkProblem clientId={clientId} title="Client onboarding" message={INVALID_LINK} />
  } else if (onboarding.isPending) {
    content = (
      <Card className="items-center py-16" role="status" aria-live="polite">
        <LoaderCircle className="size-7 animate-spin text-primary" aria-hidden="true" />
        <span className="sr-only">Loading your onboarding steps</span>
      </Card>
    )
  } else if (onboarding.isError) {
    const error = onboarding.error
    const isNotFound = error instanceof ApiError && error.status === 404
    content = (
      <LinkProblem
        clientId={clientId}
        title={isNotFound ? 'Client not found' : 'Client onboarding'}
        message={serverMessageOf(error) ?? (isNotFound ? 'This client does not exist' : INVALID_LINK)}
        onRetry={error instanceof ApiError && error.status < 500 ? undefined : () => onboarding.refetch()}
      />
    )
  } else {
    content = (
      <ConnectSteps
        view={onboarding.data}
        token={token}
        isRefreshing={onboarding.isFetching}
        onRefresh={() => onboarding.refetch()}
      />
    )
  }

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-accent/70 via-background to-background">
      {/* Not a <header>: that element is the admin shell's, and this page has no shell. */}
      <div className="mx-auto flex w-full max-w-2xl items-center px-4 pt-8 sm:pt-12">
        <BrandLogo />
      </div>
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 py-8 sm:py-10">{content}</main>
      <footer className="mx-auto flex w-full max-w-2xl items-start gap-2 px-4 pb-10 text-xs text-muted-foreground">
        <ShieldCheck className="size-4 shrink-0" aria-hidden="true" />
        <p className="text-pretty">
          Each connection uses the official Yelp or GoHighLevel sign-in page. LeadRelay never sees your
          passwords and keeps the access it is granted encrypted.
        </p>
      </footer>
    </div>
  )
}

function ConnectSteps({
  view,
  token,
  isRefreshing,
  onRefresh,
}: {
  view: OnboardingView
  token: string
  isRefreshing: boolean
  onRefresh: () => void
}) {
  const connectedCount = Number(view.yelp.connected) + Number(view.ghl.connected)
  const isDone = connectedCount === 2

  return (
    <Card className="gap-0 overflow-hidden py-0 shadow-md">
      <div className="grid gap-3 border-b px-5 py-6 sm:px-8 sm:py-8">
        <p className="w-fit rounded-full bg-accent px-2.5 py-0.5 text-xs font-medium text-accent-foreground">
          Client onboarding
        </p>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{view.name}</h1>
        <p className="text-pretty text-muted-foreground">
          Connect your Yelp and GoHighLevel accounts so every new Yelp lead lands in your CRM automatically,
          and your replies from GoHighLevel reach the customer on Yelp.
        </p>
        <div className="mt-1 grid gap-1.5">
          <div className="flex items-center justify-between text-xs font-medium text-muted-foreground">
            <span>Setup progress</span>
            <span>{connectedCount} of 2 connected</span>
          </div>
          <div
            className="h-2 overflow-hidden rounded-full bg-muted"
            role="progressbar"
            aria-label="Setup progress"
            aria-valuemin={0}
            aria-valuemax={2}
            aria-valuenow={connectedCount}
          >
            <div
              className="h-full rounded-full bg-success transition-[width] duration-500"
              style={{ width: `${connectedCount * 50}%` }}
            />
          </div>
        </div>
      </div>
      <CardContent className="grid gap-4 px-5 py-6 sm:px-8">
        {isDone && (
          <div className="flex items-start gap-3 rounded-xl bg-success/10 p-4 text-sm">
            <PartyPopper className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
            <div className="grid gap-0.5">
              <p className="font-semibold">You're all set</p>
              <p className="text-muted-foreground">Both accounts are connected. You can close this page.</p>
            </div>
          </div>
        )}
        <ol className="grid gap-3">
          <ConnectStep
            step={1}
            provider="Yelp"
            icon={<Star className="size-5 fill-current" />}
            iconClassName="bg-red-600"
            description="Sign in with the Yelp account that manages your business and allow LeadRelay to read and answer your leads."
            state={yelpState(view, token)}
          />
          <ConnectStep
            step={2}
            provider="GoHighLevel"
            icon={<Workflow className="size-5" />}
            iconClassName="bg-blue-600"
            description="Sign in to GoHighLevel and install LeadRelay for your location, so leads become contacts and conversations."
            state={ghlState(view, token)}
          />
        </ol>
        <div className="flex flex-col items-center justify-between gap-3 border-t pt-4 sm:flex-row">
          <p className="text-center text-sm text-muted-foreground sm:text-left">
            Each sign-in opens in a new tab. Finished there? Refresh the status here.
          </p>
          <Button variant="outline" size="sm" onClick={onRefresh} disabled={isRefreshing}>
            <RefreshCw className={isRefreshing ? 'animate-spin' : undefined} />
            Refresh status
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}

function yelpState(view: OnboardingView, token: string): ConnectState {
  if (view.yelp.connected) return { kind: 'connected' }
  if (!view.yelp.configured)
    return {
      kind: 'waiting',
      reason: 'Yelp connections are not available yet. Your account manager will let you know when they are.',
    }
  if (!view.yelp.webhookSubscribed)
    return {
      kind: 'waiting',
      reason: 'Your account manager is still adding your Yelp business. Check back soon.',
    }
  return { kind: 'ready', href: yelpConnectUrl(view.clientId, token) }
}

function ghlState(view: OnboardingView, token: string): ConnectState {
  if (view.ghl.connected) return { kind: 'connected' }
  if (!view.ghl.configured)
    return {
      kind: 'waiting',
      reason:
        'GoHighLevel connections are not available yet. Your account manager will let you know when they are.',
    }
  if (!view.yelp.connected)
    return { kind: 'waiting', reason: 'Connect Yelp first; this step unlocks right after.' }
  if (!view.ghl.hasApiKey)
    return {
      kind: 'waiting',
      reason: 'Your account manager is still preparing your GoHighLevel location. Check back soon.',
    }
  return { kind: 'ready', href: ghlConnectUrl(view.clientId, token) }
}

function LinkProblem({
  clientId,
  title,
  message,
  onRetry,
}: {
  clientId: string
  title: string
  message: string
  onRetry?: () => void
}) {
  return (
    <Card className="shadow-md" role="alert">
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <LinkIcon className="size-6" aria-hidden="true" />
        </span>
        <div className="grid max-w-sm gap-1.5">
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">
            Client ID <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{clientId}</code>
          </p>
          <p className="mt-2 font-medium text-destructive">{message}</p>
          <p className="text-pretty text-sm text-muted-foreground">
            The link may be incomplete or out of date. Ask your account manager to send you a new onboarding
            link.
          </p>
        </div>
        {onRetry && (
          <Button variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
