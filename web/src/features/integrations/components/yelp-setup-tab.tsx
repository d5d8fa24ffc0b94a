import type { ClientView } from '@common/clients.ts'
import { subscribeWebhookSchema } from '@common/clients.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { CheckCircle2 } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { NeedsReauthBadge } from '@/components/connection-badges.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useSubscribeWebhook } from '@/features/integrations/api/subscribe-webhook.ts'
import { HistoricalImportSection } from '@/features/integrations/components/historical-import-section.tsx'
import { OAuthButton } from '@/features/integrations/components/oauth-button.tsx'
import { SetupStep } from '@/features/integrations/components/setup-step.tsx'
import { yelpAuthUrl } from '@/features/integrations/utils/oauth-links.ts'
import { serverMessageOf } from '@/lib/api-client.ts'
import { formatDateTime } from '@/lib/date-format.ts'

const businessIdSchema = subscribeWebhookSchema.pick({ businessId: true })

/** docs/spec/dashboard-spec.md §2.6 Yelp tab and §4 "Review-platform setup". */
export function YelpSetupTab({ client }: { client: ClientView }) {
  const { yelp } = client
  const subscribe = useSubscribeWebhook()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ businessId: string }>({
    resolver: zodResolver(businessIdSchema),
    values: { businessId: yelp.businessId ?? '' },
    resetOptions: { keepDirtyValues: true },
  })

  const onSubmit = handleSubmit(({ businessId }) =>
    subscribe.mutateAsync({ clientId: client.clientId, businessId }).then(
      () =>
        toast({
          title: 'Yelp configuration complete',
          description: `Business ${businessId} is subscribed to Yelp lead webhooks.`,
        }),
      (error: unknown) =>
        toast({
          title: 'Failed to configure Yelp integration',
          description: serverMessageOf(error) ?? 'Failed to subscribe to webhooks',
          variant: 'destructive',
        }),
    ),
  )

  return (
    <div className="grid gap-3">
      <SetupStep
        step={1}
        title="Business ID"
        state={yelp.webhookSubscribed ? 'done' : 'current'}
        description="The client's Yelp business ID. Saving it subscribes the business to Yelp lead webhooks."
      >
        <form onSubmit={onSubmit} noValidate className="grid gap-2">
          <Label htmlFor="yelp-business-id">Yelp Business ID</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="yelp-business-id"
              placeholder="e.g. acme-roofing-san-francisco"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              aria-invalid={errors.businessId ? true : undefined}
              aria-describedby={errors.businessId ? 'yelp-business-id-error' : undefined}
              {...register('businessId')}
            />
            <Button type="submit" disabled={subscribe.isPending} className="shrink-0">
              {subscribe.isPending ? 'Subscribing...' : 'Save & Subscribe'}
            </Button>
          </div>
          {errors.businessId && (
            <p id="yelp-business-id-error" className="text-sm text-destructive">
              {errors.businessId.message}
            </p>
          )}
          {yelp.webhookSubscribed && yelp.businessId && (
            <p className="flex items-center gap-1.5 text-sm text-success">
              <CheckCircle2 className="size-4" aria-hidden="true" />
              Webhooks subscribed for <span className="font-mono">{yelp.businessId}</span>
            </p>
          )}
        </form>
      </SetupStep>

      <SetupStep
        step={2}
        title="Yelp Authorization"
        state={yelp.connected && !yelp.needsReauth ? 'done' : yelp.webhookSubscribed ? 'current' : 'locked'}
        description={
          yelp.webhookSubscribed
            ? 'Sign in to Yelp as a user who manages this business and allow LeadRelay to read and answer its leads. Yelp opens in a new tab; come back and refresh the status when done.'
            : 'Available after the Business ID is saved and subscribed.'
        }
      >
        {yelp.connected ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="flex items-center gap-1.5 text-sm text-success">
              <CheckCircle2 className="size-4" aria-hidden="true" />
              Connected
              {formatDateTime(yelp.expiresAt) && (
                <span className="text-muted-foreground">
                  · token valid until {formatDateTime(yelp.expiresAt)}
                </span>
              )}
            </p>
            {yelp.needsReauth && <NeedsReauthBadge />}
            <OAuthButton href={yelpAuthUrl(client.clientId)} clientId={client.clientId} variant="outline">
              Reconnect Yelp
            </OAuthButton>
          </div>
        ) : (
          <OAuthButton
            href={yelpAuthUrl(client.clientId)}
            clientId={client.clientId}
            disabled={!yelp.webhookSubscribed}
          >
            Connect Yelp
          </OAuthButton>
        )}
      </SetupStep>

      {yelp.connected && <HistoricalImportSection client={client} />}
    </div>
  )
}
