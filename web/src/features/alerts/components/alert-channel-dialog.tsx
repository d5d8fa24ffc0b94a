import {
  ALERT_CHANNEL_TYPES,
  ALERT_TYPE_LABELS,
  ALERT_TYPES,
  type AlertChannel,
  type AlertChannelType,
  type AlertType,
  alertTargetProblem,
  type CreatedAlertChannel,
  createAlertChannelSchema,
  quietHoursSchema,
} from '@common/alerts.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, type Resolver, useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button.tsx'
import { Checkbox } from '@/components/ui/checkbox.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx'
import { Switch } from '@/components/ui/switch.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useCreateAlertChannel } from '@/features/alerts/api/create-alert-channel.ts'
import type { AlertClientChoice } from '@/features/alerts/api/get-alert-client-choices.ts'
import { useUpdateAlertChannel } from '@/features/alerts/api/update-alert-channel.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

export const CHANNEL_TYPE_LABELS: Record<AlertChannelType, string> = {
  slack: 'Slack',
  email: 'Email',
  webhook: 'Webhook (signed)',
}

const TARGET_HINTS: Record<AlertChannelType, string> = {
  slack: 'https://hooks.slack.com/services/…',
  email: 'ops@agency.com, owner@client.com',
  webhook: 'https://receiver.example.com/leadrelay',
}

// Editing: the type is fixed, and a blank URL keeps the stored one (the API never shows it again).
const editFormSchema = z
  .object({
    type: z.enum(ALERT_CHANNEL_TYPES),
    target: z.string().trim().max(2000, 'Target must be at most 2000 characters'),
    name: createAlertChannelSchema.shape.name,
    events: createAlertChannelSchema.shape.events,
    clientIds: createAlertChannelSchema.shape.clientIds,
    slaMinutes: createAlertChannelSchema.shape.slaMinutes,
    quietHours: quietHoursSchema.nullable(),
    enabled: z.boolean(),
  })
  .superRefine((values, context) => {
    const isKept = values.target === '' && values.type !== 'email'
    const problem = isKept ? null : alertTargetProblem(values.type, values.target)
    if (problem) context.addIssue({ code: 'custom', path: ['target'], message: problem })
  })

type FormValues = z.input<typeof editFormSchema>
type FormOutput = z.output<typeof editFormSchema>

export type AlertChannelDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  clients: readonly AlertClientChoice[]
  /** A webhook channel's signing secret, shown once by the caller. */
  onCreated?: (channel: CreatedAlertChannel) => void
  channel?: AlertChannel
}

export function AlertChannelDialog({
  open,
  onOpenChange,
  channel,
  clients,
  onCreated,
}: AlertChannelDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{channel ? 'Edit Alert Channel' : 'Add Alert Channel'}</DialogTitle>
          <DialogDescription>
            {channel
              ? `Change what "${channel.name}" receives and when.`
              : 'Send chosen events to Slack, email or a signed webhook.'}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <ChannelForm
            channel={channel}
            clients={clients}
            onCreated={onCreated}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

function ChannelForm({
  channel,
  clients,
  onCreated,
  onDone,
}: {
  channel?: AlertChannel
  clients: readonly AlertClientChoice[]
  onCreated?: (channel: CreatedAlertChannel) => void
  onDone: () => void
}) {
  const create = useCreateAlertChannel()
  const update = useUpdateAlertChannel()
  const resolver = zodResolver(channel ? editFormSchema : createAlertChannelSchema) as unknown as Resolver<
    FormValues,
    unknown,
    FormOutput
  >
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver,
    defaultValues: {
      type: channel?.type ?? 'slack',
      target: channel?.type === 'email' ? channel.target : '',
      name: channel?.name ?? '',
      events: channel?.events ?? ['lead.new', 'lead.unanswered', 'connection.needs_reauth', 'job.dead'],
      clientIds: channel?.clientIds ?? [],
      slaMinutes: channel?.slaMinutes ?? 5,
      quietHours: channel?.quietHours ?? null,
      enabled: channel?.enabled ?? true,
    },
  })
  const type = watch('type')
  const quietHours = watch('quietHours')

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (channel) {
        const { type: _type, target, ...rest } = values
        await update.mutateAsync({ id: channel.id, input: { ...rest, ...(target ? { target } : {}) } })
        toast({ title: 'Channel saved', description: `"${values.name}" is updated.` })
      } else {
        const created = await create.mutateAsync(values)
        toast({ title: 'Channel added', description: `"${created.name}" will receive its events.` })
        onCreated?.(created)
      }
      onDone()
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'The channel was not saved',
        description: serverMessageOf(error) ?? (error as Error).message,
      })
    }
  })

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="channel-name">Name</Label>
          <Input
            id="channel-name"
            placeholder="On-call Slack"
            aria-invalid={Boolean(errors.name)}
            {...register('name')}
          />
          <FieldMessage error={errors.name} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="channel-type">Type</Label>
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={Boolean(channel)}>
                <SelectTrigger id="channel-type" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {ALERT_CHANNEL_TYPES.map((each) => (
                    <SelectItem key={each} value={each}>
                      {CHANNEL_TYPE_LABELS[each]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="channel-target">{type === 'email' ? 'Email addresses' : 'URL'}</Label>
        <Input
          id="channel-target"
          placeholder={
            channel && type !== 'email' ? `Leave blank to keep ${channel.target}/…` : TARGET_HINTS[type]
          }
          aria-invalid={Boolean(errors.target)}
          {...register('target')}
        />
        <p className="text-xs text-muted-foreground">
          {type === 'email'
            ? 'Sent through the server’s SMTP_URL. Separate addresses with commas.'
            : type === 'slack'
              ? 'A Slack incoming-webhook URL. It is a credential: only its host is shown after saving.'
              : 'Each delivery is signed (Standard Webhooks). The signing secret is shown once, after saving.'}
        </p>
        <FieldMessage error={errors.target} />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Events</legend>
        <Controller
          control={control}
          name="events"
          render={({ field }) => (
            <div className="grid gap-2 sm:grid-cols-2">
              {ALERT_TYPES.map((event) => {
                const checked = (field.value ?? []).includes(event)
                return (
                  <div key={event} className="flex min-w-0 items-start gap-2 text-sm">
                    <Checkbox
                      id={`channel-event-${event}`}
                      checked={checked}
                      onCheckedChange={(next) =>
                        field.onChange(
                          next
                            ? [...(field.value ?? []), event]
                            : (field.value ?? []).filter((each: AlertType) => each !== event),
                        )
                      }
                    />
                    <Label htmlFor={`channel-event-${event}`} className="min-w-0 font-normal">
                      {ALERT_TYPE_LABELS[event]}{' '}
                      <code className="text-xs text-muted-foreground">{event}</code>
                    </Label>
                  </div>
                )
              })}
            </div>
          )}
        />
        <FieldMessage error={errors.events} />
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Clients</legend>
        <p className="text-xs text-muted-foreground">None chosen: every client.</p>
        <Controller
          control={control}
          name="clientIds"
          render={({ field }) => (
            <div className="grid max-h-40 gap-2 overflow-y-auto sm:grid-cols-2">
              {clients.map((client) => {
                const chosen = field.value ?? []
                return (
                  <div key={client.clientId} className="flex min-w-0 items-center gap-2 text-sm">
                    <Checkbox
                      id={`channel-client-${client.clientId}`}
                      checked={chosen.includes(client.clientId)}
                      onCheckedChange={(next) =>
                        field.onChange(
                          next
                            ? [...chosen, client.clientId]
                            : chosen.filter((id: string) => id !== client.clientId),
                        )
                      }
                    />
                    <Label
                      htmlFor={`channel-client-${client.clientId}`}
                      className="min-w-0 truncate font-normal"
                    >
                      {client.name}
                    </Label>
                  </div>
                )
              })}
            </div>
          )}
        />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="channel-sla">SLA minutes (lead unanswered)</Label>
          <Input
            id="channel-sla"
            type="number"
            min={1}
            max={10080}
            {...register('slaMinutes', { valueAsNumber: true })}
          />
          <FieldMessage error={errors.slaMinutes} />
        </div>
        <div className="flex items-center gap-3 pt-6">
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <Switch id="channel-enabled" checked={field.value ?? true} onCheckedChange={field.onChange} />
            )}
          />
          <Label htmlFor="channel-enabled">Enabled</Label>
        </div>
      </div>
      <div className="grid gap-2">
        <div className="flex items-center gap-3">
          <Switch
            id="channel-quiet"
            checked={quietHours !== null && quietHours !== undefined}
            onCheckedChange={(on) =>
              setValue('quietHours', on ? { start: '21:00', end: '07:00', timezone: localTimeZone() } : null)
            }
          />
          <Label htmlFor="channel-quiet">Quiet hours (no new-lead, new-message or phone alerts)</Label>
        </div>
        {quietHours && (
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="grid gap-1.5">
              <Label htmlFor="quiet-start">From</Label>
              <Input id="quiet-start" placeholder="21:00" {...register('quietHours.start')} />
              <FieldMessage error={errors.quietHours?.start} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="quiet-end">Until</Label>
              <Input id="quiet-end" placeholder="07:00" {...register('quietHours.end')} />
              <FieldMessage error={errors.quietHours?.end} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="quiet-timezone">Time zone</Label>
              <Input
                id="quiet-timezone"
                placeholder="America/New_York"
                {...register('quietHours.timezone')}
              />
              <FieldMessage error={errors.quietHours?.timezone} />
            </div>
          </div>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : channel ? 'Save Channel' : 'Add Channel'}
        </Button>
      </DialogFooter>
    </form>
  )
}

function FieldMessage({ error }: { error: { message?: string } | undefined }) {
  if (!error?.message) return null
  return <p className="text-sm text-destructive">{error.message}</p>
}
