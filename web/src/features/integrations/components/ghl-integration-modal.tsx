import type { ClientView } from '@common/clients.ts'
import type { GhlStatus } from '@common/custom-fields.ts'
import { CheckCircle2, CircleDashed } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { Button } from '@/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useCreateFields } from '@/features/integrations/api/create-fields.ts'
import { useClient } from '@/features/integrations/api/get-client.ts'
import { useGhlStatus } from '@/features/integrations/api/get-ghl-status.ts'
import { useSurveyQuestions } from '@/features/integrations/api/get-survey-questions.ts'
import { useSaveGhlApiKey } from '@/features/integrations/api/save-ghl-api-key.ts'
import { ContactSyncButton } from '@/features/integrations/components/contact-sync-button.tsx'
import { SetupStep } from '@/features/integrations/components/setup-step.tsx'
import { SurveyPreviewList } from '@/features/integrations/components/survey-preview-list.tsx'
import { serverMessageOf } from '@/lib/api-client.ts'

/** docs/spec/dashboard-spec.md §2.7: the separate GoHighLevel modal behind the mobile card's 'GHL' button. */
export function GhlIntegrationModal({ clientId, onClose }: { clientId: string | null; onClose: () => void }) {
  const isOpen = clientId !== null
  const { client } = useClient(clientId, { refetchOnFocus: isOpen })

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="gap-5 sm:max-w-lg">
        <DialogHeader className="pr-8">
          <DialogTitle>GoHighLevel Integration</DialogTitle>
          <DialogDescription>{client ? client.name : 'Set up GoHighLevel for this client'}</DialogDescription>
        </DialogHeader>
        {client && <GhlModalBody client={client} />}
      </DialogContent>
    </Dialog>
  )
}

function GhlModalBody({ client }: { client: ClientView }) {
  const status = useGhlStatus(client.clientId)
  const questions = useSurveyQuestions(client.clientId)
  const createFields = useCreateFields()
  const hasApiKey = status.data?.hasApiKey ?? client.ghl.hasApiKey
  const mappedCount = Object.keys(status.data?.fieldMapping ?? {}).length

  const runCreate = () =>
    createFields.mutateAsync({ clientId: client.clientId, surveyQuestions: questions.data ?? [] }).then(
      ({ fieldMapping }) => {
        const count = Object.keys(fieldMapping).length
        toast({
          title: 'Custom fields created',
          description: `${count} custom ${count === 1 ? 'field' : 'fields'} mapped in GoHighLevel.`,
        })
      },
      (error: unknown) =>
        toast({
          title: 'Field Creation Error',
          description: serverMessageOf(error) ?? 'Failed to create custom fields',
          variant: 'destructive',
        }),
    )

  return (
    <div className="grid gap-3">
      <SetupStep
        step={1}
        title="Location API Key"
        state={hasApiKey ? 'done' : 'current'}
        description="The sub-account's Private Integration key, checked with GoHighLevel before it is saved."
      >
        <ApiKeyForm client={client} hasApiKey={hasApiKey} />
      </SetupStep>

      <SetupStep
        step={2}
        title="Create Custom Fields"
        state={!hasApiKey ? 'locked' : mappedCount > 0 ? 'done' : 'current'}
        description={
          hasApiKey
            ? 'One custom field per survey question found in this client’s leads.'
            : 'Available after the Location API key is saved.'
        }
      >
        {hasApiKey && (
          <div className="grid gap-3">
            {questions.isPending ? (
              <p className="text-sm text-muted-foreground">Loading survey questions...</p>
            ) : questions.isError ? (
              <p className="text-sm text-destructive">
                {serverMessageOf(questions.error) ?? 'The survey questions could not be loaded.'}
              </p>
            ) : (
              <SurveyPreviewList questions={questions.data} />
            )}
            <Button
              size="sm"
              className="w-fit"
              disabled={createFields.isPending || !questions.isSuccess}
              onClick={runCreate}
            >
              {createFields.isPending ? 'Creating...' : 'Create Custom Fields'}
            </Button>
          </div>
        )}
      </SetupStep>

      <IntegrationStatusPanel client={client} status={status.data} isLoading={status.isPending} />

      <div className="grid gap-2">
        <ContactSyncButton
          clientId={client.clientId}
          failureTitle="Sync Error"
          disabled={!client.ghl.connected}
        />
        {!client.ghl.connected && (
          <p className="text-center text-xs text-muted-foreground">
            Available once GoHighLevel is authorized in Integration Setup
          </p>
        )}
      </div>
    </div>
  )
}

function ApiKeyForm({ client, hasApiKey }: { client: ClientView; hasApiKey: boolean }) {
  const save = useSaveGhlApiKey()
  const [apiKey, setApiKey] = useState('')

  // biome-ignore lint/correctness/useExhaustiveDependencies: a different client starts with an empty key.
  useEffect(() => setApiKey(''), [client.clientId])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const locationApiKey = apiKey.trim()
    if (!locationApiKey) {
      toast({
        title: 'Invalid Input',
        description: 'Please enter a valid Location API key',
        variant: 'destructive',
      })
      return
    }
    // The modal asks for the key alone; a location id already on file travels with it.
    save
      .mutateAsync({
        clientId: client.clientId,
        locationApiKey,
        locationId: client.ghl.locationId ?? undefined,
      })
      .then(
        () => {
          setApiKey('')
          toast({ title: 'API Key Saved', description: 'The Location API key was checked and saved.' })
        },
        (error: unknown) =>
          toast({
            title: 'API Key Error',
            description: serverMessageOf(error) ?? 'Failed to save API key',
            variant: 'destructive',
          }),
      )
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2">
      <Label htmlFor="ghl-modal-api-key">Location API Key</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="ghl-modal-api-key"
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
          placeholder={hasApiKey ? '•••••••• (saved)' : 'pit-...'}
        />
        <Button type="submit" disabled={save.isPending} className="shrink-0">
          {save.isPending ? 'Saving...' : 'Save API Key'}
        </Button>
      </div>
    </form>
  )
}

function IntegrationStatusPanel({
  client,
  status,
  isLoading,
}: {
  client: ClientView
  status: GhlStatus | undefined
  isLoading: boolean
}) {
  const mapped = Object.keys(status?.fieldMapping ?? {}).length
  const rows: [string, boolean, string][] = [
    [
      'Location API key',
      status?.hasApiKey ?? client.ghl.hasApiKey,
      status?.hasApiKey ? 'Configured' : 'Missing',
    ],
    [
      'Custom fields',
      status?.hasCustomFields ?? false,
      status?.hasCustomFields ? `${mapped} mapped` : 'None yet',
    ],
    ['GoHighLevel OAuth', client.ghl.connected, client.ghl.connected ? 'Connected' : 'Disconnected'],
  ]
  return (
    <section aria-label="Integration Status" className="grid gap-2 rounded-lg border bg-muted/30 p-4">
      <h3 className="text-sm font-semibold">Integration Status</h3>
      {isLoading ? (
        <p className="text-sm text-muted-foreground">Loading status...</p>
      ) : (
        <ul className="grid gap-1.5 text-sm">
          {rows.map(([label, ok, text]) => (
            <li key={label} className="flex items-center justify-between gap-3">
              <span className="flex items-center gap-2">
                {ok ? (
                  <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
                ) : (
                  <CircleDashed className="size-4 text-muted-foreground" aria-hidden="true" />
                )}
                {label}
              </span>
              <span className={ok ? 'font-medium' : 'text-muted-foreground'}>{text}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="break-all font-mono text-[11px] text-muted-foreground" data-testid="ghl-debug-line">
        Debug: clientId={client.clientId} hasApiKey={String(status?.hasApiKey ?? client.ghl.hasApiKey)}{' '}
        hasCustomFields={String(status?.hasCustomFields ?? false)} mappedFields={mapped} locationId=
        {client.ghl.locationId ?? 'none'} status={client.ghlCustomFieldsStatus}
      </p>
    </section>
  )
}
