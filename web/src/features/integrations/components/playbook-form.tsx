import type { ClientView } from '@common/clients.ts'
import type { Lead } from '@common/leads.ts'
import { isTimeZone, type Playbook, type PlaybookInput, playbookSchema, WEEKDAYS } from '@common/playbook.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { AlertCircle, Save } from 'lucide-react'
import { useMemo } from 'react'
import { type FieldPath, useForm, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Label } from '@/components/ui/label.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useSavePlaybook } from '@/features/integrations/api/save-playbook.ts'
import { FieldMessages } from '@/features/integrations/components/field-messages.tsx'
import { PlaybookAiSection } from '@/features/integrations/components/playbook-ai-section.tsx'
import { PlaybookFirstReply } from '@/features/integrations/components/playbook-first-reply.tsx'
import { PlaybookFollowUps } from '@/features/integrations/components/playbook-follow-ups.tsx'
import { PlaybookHoursGrid } from '@/features/integrations/components/playbook-hours-grid.tsx'
import { previewSource, textForMoment } from '@/features/integrations/utils/playbook-preview.ts'
import { useIsAiEnabled } from '@/lib/ai-availability.ts'
import { serverMessageOf } from '@/lib/api-client.ts'

/** Every zone this browser knows, for the timezone's suggestions. */
const TIME_ZONES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone')
  } catch {
    return ['UTC']
  }
})()

/**
 * The response playbook of one client (docs/spec/product.md §9.2), validated by the schema the
 * server parses with (common/playbook.ts), so its messages show under each field before a
 * request is made; a 400 the server still answers is shown under the field it names and above Save.
 */
export function PlaybookForm({
  client,
  playbook,
  newestLead,
}: {
  client: ClientView
  playbook: Playbook
  /** Null when the client has no lead; undefined when the leads could not be read. */
  newestLead: Lead | null | undefined
}) {
  const save = useSavePlaybook(client.clientId)
  const isAiEnabled = useIsAiEnabled()
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isDirty },
  } = useForm<PlaybookInput, unknown, Playbook>({
    resolver: zodResolver(playbookSchema),
    defaultValues: withEveryDay(playbook),
  })
  const [timezone = '', businessHours = {}, afterHours = ''] = useWatch({
    control,
    name: ['timezone', 'businessHours', 'firstReply.afterHours'],
  })
  const source = useMemo(() => previewSource(newestLead, client.name), [newestLead, client.name])
  const moment = textForMoment({ timezone, businessHours }, new Date())

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        reset(withEveryDay(saved))
        toast({ title: 'Playbook saved', description: `The response playbook of ${client.name} is saved.` })
      },
      onError: (error) => {
        const message = serverMessageOf(error)
        for (const [field, problem] of fieldProblems(message))
          setError(field, { type: 'server', message: problem })
        toast({
          title: 'Failed to save the playbook',
          description: message ?? error.message,
          variant: 'destructive',
        })
      },
    }),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Response playbook">
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor="playbook-timezone">Timezone</Label>
        <Input
          id="playbook-timezone"
          list="playbook-timezones"
          autoComplete="off"
          placeholder="America/Los_Angeles"
          aria-invalid={errors.timezone ? true : undefined}
          aria-describedby={errors.timezone ? 'playbook-timezone-error' : undefined}
          {...register('timezone')}
        />
        <datalist id="playbook-timezones">
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <FieldMessages id="playbook-timezone-error" error={errors.timezone} />
        <TimezoneProposal
          current={timezone}
          onUse={(zone) => setValue('timezone', zone, { shouldDirty: true, shouldValidate: true })}
        />
      </div>
      <PlaybookHoursGrid control={control} />
      <p className="text-xs text-muted-foreground" data-testid="playbook-preview-source">
        Previews are written for {source.label}.
      </p>
      <PlaybookFirstReply
        control={control}
        register={register}
        errors={errors}
        preview={source.values}
        moment={moment}
        hasAfterHours={afterHours.trim() !== ''}
        isAiEnabled={isAiEnabled}
      />
      <PlaybookFollowUps control={control} register={register} errors={errors} preview={source.values} />
      <PlaybookAiSection control={control} register={register} errors={errors} isAiEnabled={isAiEnabled} />
      {save.isError && (
        <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {serverMessageOf(save.error) ?? save.error.message}
        </p>
      )}
      {/* Save stays in reach while the operator edits a long playbook, on a phone too. */}
      <div
        className="sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-3 border-t bg-background/95 py-3 backdrop-blur supports-[backdrop-filter]:bg-background/80"
        data-testid="playbook-save-bar"
      >
        {isDirty && <span className="text-xs text-muted-foreground">Unsaved changes</span>}
        <Button type="submit" disabled={save.isPending}>
          <Save />
          {save.isPending ? 'Saving...' : 'Save playbook'}
        </Button>
      </div>
    </form>
  )
}

/**
 * The playbook starts in UTC (§9.2 defaults), which is rarely where a business is: while it says
 * UTC, the zone of the operator's browser is offered in one click.
 */
function TimezoneProposal({ current, onUse }: { current: string; onUse: (zone: string) => void }) {
  const browserZone = browserTimeZone()
  if (current.trim() !== 'UTC' || !browserZone || browserZone === 'UTC') return null
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      <span>The business is probably not on UTC. This browser is in {browserZone}.</span>
      <Button type="button" variant="outline" size="sm" className="h-7" onClick={() => onUse(browserZone)}>
        Use {browserZone}
      </Button>
    </p>
  )
}

function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    return zone && isTimeZone(zone) ? zone : null
  } catch {
    return null
  }
}

/**
 * The week grid edits every day: a day the playbook leaves out (closed, §9.2) is there as an
 * empty list, so the form never holds an undefined day the schema would refuse.
 */
function withEveryDay(playbook: Playbook): Playbook {
  const businessHours = Object.fromEntries(WEEKDAYS.map((day) => [day, playbook.businessHours[day] ?? []]))
  return { ...playbook, businessHours }
}

/** The server's 400 (`field.path: problem; other: problem`) as form fields and their messages. */
function fieldProblems(message: string | undefined): Array<[FieldPath<PlaybookInput>, string]> {
  if (!message) return []
  return message.split('; ').flatMap((part): Array<[FieldPath<PlaybookInput>, string]> => {
    const match = /^([A-Za-z][\w.]*): (.+)$/.exec(part)
    if (!match?.[1] || !match[2]) return []
    // A path of the schema the form is built on, as the server's validation names it.
    return [[match[1] as FieldPath<PlaybookInput>, match[2]]]
  })
}
