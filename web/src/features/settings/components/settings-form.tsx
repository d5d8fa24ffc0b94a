import {
  BACKUP_FREQUENCIES,
  LOG_LEVELS,
  type Setting,
  type SettingKey,
  type SettingsFormInput,
  type SettingsFormValues,
  settingsFormSchema,
} from '@common/settings.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { Archive, Database, FileText, Save, Server, Shield } from 'lucide-react'
import type * as React from 'react'
import { useMemo } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx'
import { Switch } from '@/components/ui/switch.tsx'
import { toast } from '@/components/ui/use-toast.ts'
import { useCreateBackup } from '@/features/settings/api/create-backup.ts'
import { useUpdateSettings } from '@/features/settings/api/update-settings.ts'
import { BackupList } from '@/features/settings/components/backup-list.tsx'
import {
  fieldNote,
  READ_ONLY_INPUT_CLASS,
  SettingsField,
} from '@/features/settings/components/settings-field.tsx'
import { changedValues, formValuesOf } from '@/features/settings/utils/settings-form-values.ts'
import { serverMessageOf } from '@/lib/api-client.ts'
import { cn } from '@/lib/utils.ts'

// docs/spec/dashboard-spec.md §2.13: four cards and 'Save Settings'. The form validates with the server's own rules
// (common/settings.ts, docs/spec/dashboard-spec.md §5 messages); saving sends one call per changed field, then the
// list refreshes (docs/spec/dashboard-spec.md §7), and the §8 toasts report the outcome.
export function SettingsForm({ settings }: { settings: Setting[] }) {
  const byKey = new Map(settings.map((s) => [s.key, s]))
  const formValues = useMemo(() => formValuesOf(settings), [settings])
  const updateSettings = useUpdateSettings()
  const createBackup = useCreateBackup()
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<SettingsFormInput, unknown, SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    values: formValues,
    resetOptions: { keepDirtyValues: false },
  })

  const onSubmit = handleSubmit((values) => {
    updateSettings.mutate(changedValues(settings, values), {
      onSuccess: () => {
        // The refreshed list resets the form (`values`), the secret field back to blank.
        toast({ title: 'Settings saved', description: 'Your settings have been updated successfully' })
      },
      onError: (error) => {
        toast({
          title: 'Save failed',
          description: serverMessageOf(error) ?? error.message,
          variant: 'destructive',
        })
      },
    })
  })

  const onBackup = () => {
    createBackup.mutate(undefined, {
      onSuccess: ({ backupFile }) =>
        toast({ title: 'Backup created', description: `Backup saved to ${backupFile}` }),
      onError: (error) =>
        toast({
          title: 'Backup failed',
          description: serverMessageOf(error) ?? error.message,
          variant: 'destructive',
        }),
    })
  }

  const textField = (
    key: SettingKey & keyof SettingsFormInput,
    extra: React.ComponentProps<typeof Input> = {},
  ) => {
    const id = `settings-${key}`
    const error = errors[key]?.message
    const note = fieldNote(byKey.get(key))
    const isReadOnly = Boolean(byKey.get(key)?.pinnedBy)
    return {
      id,
      error,
      note,
      input: (
        <Input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [note || extra['aria-describedby'] ? `${id}-hint` : '', error ? `${id}-error` : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          readOnly={isReadOnly}
          {...extra}
          className={cn(extra.className, isReadOnly && READ_ONLY_INPUT_CLASS)}
          {...register(key)}
        />
      ),
      isReadOnly,
    }
  }

  const port = textField('port', { inputMode: 'numeric', placeholder: '5000' })
  const baseUrl = textField('baseUrl', { type: 'url', placeholder: 'https://relay.example.com' })
  const secretConfigured = byKey.get('webhookSecret')?.configured === true
  const webhookSecret = textField('webhookSecret', {
    type: 'password',
    autoComplete: 'new-password',
    placeholder: secretConfigured ? 'Set (leave blank to keep)' : 'Not set',
  })
  const adminUsername = textField('adminUsername', { autoComplete: 'off' })
  const sessionTimeout = textField('sessionTimeout', { inputMode: 'numeric' })
  const logRetention = textField('logRetention', { inputMode: 'numeric' })
  const backupLocation = textField('backupLocation', { placeholder: './backups' })
  const logLevelPin = byKey.get('logLevel')?.pinnedBy

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <div className="grid gap-6 xl:grid-cols-2">
        <SettingsCard
          icon={Server}
          title="API Configuration"
          description="Where the server listens and how webhooks are checked"
        >
          <SettingsField
            id={port.id}
            isReadOnly={port.isReadOnly}
            label="Server Port"
            hint={port.note}
            error={port.error}
          >
            {port.input}
          </SettingsField>
          <SettingsField
            id={baseUrl.id}
            isReadOnly={baseUrl.isReadOnly}
            label="Base URL"
            hint={baseUrl.note}
            error={baseUrl.error}
          >
            {baseUrl.input}
          </SettingsField>
          <SettingsField
            id={webhookSecret.id}
            isReadOnly={webhookSecret.isReadOnly}
            label="Webhook Secret"
            hint={
              secretConfigured
                ? 'A secret is set: Yelp webhooks must carry it. Type a new one to replace it.'
                : 'Not set: webhooks are accepted without a secret. At least 8 characters.'
            }
            error={webhookSecret.error}
          >
            {webhookSecret.input}
          </SettingsField>
        </SettingsCard>

        <SettingsCard icon={Shield} title="Security" description="Sign-in and sessions">
          <SettingsField
            id={adminUsername.id}
            isReadOnly={adminUsername.isReadOnly}
            label="Admin Username"
            hint="Renames the built-in administrator."
            error={adminUsername.error}
          >
            {adminUsername.input}
          </SettingsField>
          <SettingsField
            id={sessionTimeout.id}
            isReadOnly={sessionTimeout.isReadOnly}
            label="Session Timeout (minutes)"
            hint="Idle sessions end after this long."
            error={sessionTimeout.error}
          >
            {sessionTimeout.input}
          </SettingsField>
          <SwitchField
            control={control}
            name="rateLimiting"
            label="Enable Rate Limiting"
            hint="More than 10 failed sign-ins a minute are refused."
          />
        </SettingsCard>

        <SettingsCard
          icon={FileText}
          title="Logging"
          description="What the server logs and how long logs are kept"
        >
          <SettingsField
            id="settings-logLevel"
            isReadOnly={Boolean(logLevelPin)}
            label="Log Level"
            hint={
              logLevelPin ? `Set by the environment variable ${logLevelPin}; change it there.` : undefined
            }
            error={errors.logLevel?.message}
          >
            <Controller
              control={control}
              name="logLevel"
              render={({ field }) => (
                <Select
                  value={String(field.value ?? '')}
                  onValueChange={field.onChange}
                  disabled={Boolean(logLevelPin)}
                >
                  <SelectTrigger
                    id="settings-logLevel"
                    className={cn('w-full', logLevelPin && `${READ_ONLY_INPUT_CLASS} disabled:opacity-100`)}
                    onBlur={field.onBlur}
                  >
                    <SelectValue placeholder="Select a level" />
                  </SelectTrigger>
                  <SelectContent>
                    {LOG_LEVELS.map((level) => (
                      <SelectItem key={level} value={level}>
                        {level}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </SettingsField>
          <SettingsField
            id={logRetention.id}
            isReadOnly={logRetention.isReadOnly}
            label="Log Retention (days)"
            hint="Webhook logs, API logs and messages older than this are deleted daily; leads are kept."
            error={logRetention.error}
          >
            {logRetention.input}
          </SettingsField>
          <SwitchField
            control={control}
            name="fileLogging"
            label="Enable File Logging"
            hint="Rotating log files in the data folder's logs directory."
          />
        </SettingsCard>

        <SettingsCard icon={Database} title="Backup" description="Snapshots of the whole database">
          <SettingsField
            id="settings-backupFrequency"
            label="Backup Frequency"
            error={errors.backupFrequency?.message}
          >
            <Controller
              control={control}
              name="backupFrequency"
              render={({ field }) => (
                <Select value={String(field.value ?? '')} onValueChange={field.onChange}>
                  <SelectTrigger id="settings-backupFrequency" className="w-full" onBlur={field.onBlur}>
                    <SelectValue placeholder="Select a frequency" />
                  </SelectTrigger>
                  <SelectContent>
                    {BACKUP_FREQUENCIES.map((frequency) => (
                      <SelectItem key={frequency} value={frequency}>
                        {frequency}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </SettingsField>
          <SettingsField
            id={backupLocation.id}
            isReadOnly={backupLocation.isReadOnly}
            label="Backup Location"
            hint="A relative folder is inside the data folder."
            error={backupLocation.error}
          >
            {backupLocation.input}
          </SettingsField>
          <div className="grid gap-3">
            <Button
              type="button"
              variant="outline"
              className="w-full sm:w-fit"
              onClick={onBackup}
              disabled={createBackup.isPending}
            >
              <Archive />
              {createBackup.isPending ? 'Creating backup...' : 'Create Backup Now'}
            </Button>
            <BackupList />
          </div>
        </SettingsCard>
      </div>

      <div className="flex justify-end">
        <Button type="submit" className="w-full sm:w-auto" disabled={updateSettings.isPending}>
          <Save />
          {updateSettings.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  )
}

function SettingsCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: React.ComponentType<{ className?: string }>
  title: string
  description: string
  children: React.ReactNode
}) {
  return (
    <Card role="region" aria-label={title} className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-4 text-muted-foreground" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  )
}

function SwitchField({
  control,
  name,
  label,
  hint,
}: {
  control: ReturnType<typeof useForm<SettingsFormInput, unknown, SettingsFormValues>>['control']
  name: 'rateLimiting' | 'fileLogging'
  label: string
  hint: string
}) {
  const id = `settings-${name}`
  return (
    <div className="flex items-start justify-between gap-4 rounded-md border p-3">
      <div className="grid min-w-0 gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Switch
            id={id}
            checked={field.value === true}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
            aria-describedby={`${id}-hint`}
          />
        )}
      />
    </div>
  )
}
