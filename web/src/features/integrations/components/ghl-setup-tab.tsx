import { type ClientView, ghlLocationFormSchema } from '@common/clients.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { CheckCircle2, Lock } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { NeedsReauthBadge } from '@/components/connection-badges.tsx'
import { Button } from '@/components/ui/button.tsx'
import { Checkbox } from '@/components/ui/checkbox.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useCustomFields } from '@/features/integrations/api/get-custom-fields.ts'
import { useSaveGhlApiKey } from '@/features/integrations/api/save-ghl-api-key.ts'
import { ContactSyncButton } from '@/features/integrations/components/contact-sync-button.tsx'
import { CustomFieldsSetup } from '@/features/integrations/components/custom-fields-setup.tsx'
import { OAuthButton } from '@/features/integrations/components/oauth-button.tsx'
import { PipelineStep } from '@/features/integrations/components/pipeline/pipeline-step.tsx'
import { SetupStep } from '@/features/integrations/components/setup-step.tsx'
import { ghlAuthUrl } from '@/features/integrations/utils/oauth-links.ts'
import { serverMessageOf } from '@/lib/api-client.ts'
import { formatDateTime } from '@/lib/date-format.ts'

interface LocationForm {
  locationApiKey: string
  locationId: string
}

/** docs/spec/dashboard-spec.md §2.6 GoHighLevel tab, in the order of §4 "CRM setup order". */
export function GhlSetupTab({ client, onGoToYelp }: { client: ClientView; onGoToYelp: () => void }) {
  if (!client.yelp.connected) return <BlockedUntilYelp onGoToYelp={onGoToYelp} />
  return <GhlSteps client={client} />
}

function BlockedUntilYelp({ onGoToYelp }: { onGoToYelp: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed px-6 py-10 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Lock className="size-5" aria-hidden="true" />
      </span>
      <div className="grid max-w-sm gap-1.5">
        <h3 className="text-sm font-semibold">Connect Yelp first</h3>
        <p className="text-sm text-muted-foreground">
          GoHighLevel setup unlocks once the client's Yelp account is authorized, so leads have somewhere to
          come from.
        </p>
      </div>
      <Button variant="outline" onClick={onGoToYelp}>
        Go to Yelp Integration
      </Button>
    </div>
  )
}

function GhlSteps({ client }: { client: ClientView }) {
  const { ghl } = client
  const fields = useCustomFields(client.clientId)
  const hasFields = client.ghlCustomFieldsCount > 0 || (fields.data?.length ?? 0) > 0
  const hasLocation = ghl.hasApiKey && Boolean(ghl.locationId)
  const canConnect = hasLocation && hasFields

  return (
    <div className="grid gap-3">
      <SetupStep
        step={1}
        title="Location API Key"
        state={hasLocation ? 'done' : 'current'}
        description="The sub-account's Private Integration key and its Location ID. LeadRelay checks the key with GoHighLevel before saving it."
      >
        <LocationKeyForm client={client} />
      </SetupStep>

      <SetupStep
        step={2}
        title="Custom Fields Setup"
        state={!hasLocation ? 'locked' : hasFields ? 'done' : 'current'}
        description={
          hasLocation
            ? 'Analyze the stored leads, then create matching custom fields in GoHighLevel for survey answers and lead details.'
            : 'Available after the Location API key is saved.'
        }
      >
        <CustomFieldsSetup client={client} isLocked={!hasLocation} />
      </SetupStep>

      <SetupStep
        step={3}
        title="GoHighLevel Authorization"
        state={ghl.connected && !ghl.needsReauth ? 'done' : canConnect ? 'current' : 'locked'}
        description={
          canConnect
            ? 'Sign in to GoHighLevel and install LeadRelay for this location. GoHighLevel opens in a new tab; come back and refresh the status when done.'
            : 'Needs the Location API key, the Location ID and the custom fields.'
        }
      >
        <GhlAuthorization client={client} canConnect={canConnect} />
      </SetupStep>

      {ghl.connected && (
        <section aria-label="Contact Sync" className="grid gap-3 rounded-lg border bg-card p-4">
          <div className="grid gap-1">
            <h3 className="text-sm font-semibold">Contact Sync</h3>
            <p className="text-sm text-muted-foreground">
              Create or update a GoHighLevel contact for every stored lead of this client, and forward the
              messages GoHighLevel does not have yet.
            </p>
          </div>
          <ContactSyncButton
            clientId={client.clientId}
            failureTitle="Contact sync failed"
            className="w-fit"
          />
        </section>
      )}
      {ghl.connected && !ghl.needsReauth && <PipelineStep client={client} />}
    </div>
  )
}

function LocationKeyForm({ client }: { client: ClientView }) {
  const save = useSaveGhlApiKey()
  const { ghl } = client
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<LocationForm>({
    resolver: zodResolver(ghlLocationFormSchema),
    values: { locationApiKey: '', locationId: ghl.locationId ?? '' },
    resetOptions: { keepDirtyValues: true },
  })

  const onSubmit = handleSubmit((input) =>
    save.mutateAsync({ clientId: client.clientId, ...input }).then(
      (result) => {
        resetField('locationApiKey', { defaultValue: '' })
        toast({
          title: 'GHL configuration saved',
          description: `The API key for location ${result.locationId} was checked and saved.`,
        })
      },
      (error: unknown) =>
        toast({
          title: 'Error saving API key',
          description: serverMessageOf(error) ?? 'Failed to validate or save API key',
          variant: 'destructive',
        }),
    ),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="ghl-location-api-key">Location API Key</Label>
          <Input
            id="ghl-location-api-key"
            type="password"
            autoComplete="off"
            placeholder={ghl.hasApiKey ? '•••••••• (saved)' : 'pit-...'}
            aria-invalid={errors.locationApiKey ? true : undefined}
            aria-describedby={errors.locationApiKey ? 'ghl-location-api-key-error' : undefined}
            {...register('locationApiKey')}
          />
          {errors.locationApiKey && (
            <p id="ghl-location-api-key-error" className="text-sm text-destructive">
              {errors.locationApiKey.message}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="ghl-location-id">Location ID</Label>
          <Input
            id="ghl-location-id"
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. ve9EPM428h8vShlRW1KT"
            className="font-mono"
            aria-invalid={errors.locationId ? true : undefined}
            aria-describedby={errors.locationId ? 'ghl-location-id-error' : undefined}
            {...register('locationId')}
          />
          {errors.locationId && (
            <p id="ghl-location-id-error" className="text-sm text-destructive">
              {errors.locationId.message}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Configuration'}
        </Button>
        {ghl.hasApiKey && ghl.locationId && (
          <p className="flex items-center gap-1.5 text-sm text-success">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            API key saved for location <span className="font-mono">{ghl.locationId}</span>
          </p>
        )}
      </div>
    </form>
  )
}

function GhlAuthorization({ client, canConnect }: { client: ClientView; canConnect: boolean }) {
  const { ghl } = client
  const autoSyncId = useId()
  const [autoSync, setAutoSync] = useState(false)
  const expires = formatDateTime(ghl.expiresAt)

  return (
    <div className="grid gap-3">
      {ghl.connected && (
        <p className="flex flex-wrap items-center gap-1.5 text-sm text-success">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          Connected
          {expires && <span className="text-muted-foreground">· token valid until {expires}</span>}
          {ghl.needsReauth && <NeedsReauthBadge />}
        </p>
      )}
      <div className="flex items-center gap-2">
        <Checkbox
          id={autoSyncId}
          checked={autoSync}
          disabled={!canConnect}
          onCheckedChange={(checked) => setAutoSync(checked === true)}
        />
        <Label htmlFor={autoSyncId} className="font-normal">
          Sync existing leads to GoHighLevel contacts after connecting
        </Label>
      </div>
      <OAuthButton
        href={ghlAuthUrl(client.clientId, autoSync)}
        clientId={client.clientId}
        disabled={!canConnect}
        variant={ghl.connected ? 'outline' : 'default'}
      >
        {ghl.connected ? 'Reconnect GoHighLevel' : 'Connect GoHighLevel'}
      </OAuthButton>
    </div>
  )
}
