import {
  SETTING_DEFAULTS,
  SETTING_KEYS,
  type Setting,
  type SettingKey,
  type SettingsFormInput,
  type SettingsFormValues,
} from '@common/settings.ts'

/** The form's starting values from GET /api/settings; the secret field starts blank. */
export function formValuesOf(settings: Setting[]): SettingsFormInput {
  const byKey = new Map(settings.map((s) => [s.key, s.value]))
  const text = (key: SettingKey, fallback: string) => {
    const value = byKey.get(key)
    return value === null || value === undefined ? fallback : String(value)
  }
  const flag = (key: SettingKey, fallback: boolean) => {
    const value = byKey.get(key)
    return typeof value === 'boolean' ? value : fallback
  }
  return {
    port: text('port', ''),
    baseUrl: text('baseUrl', ''),
    webhookSecret: '',
    adminUsername: text('adminUsername', SETTING_DEFAULTS.adminUsername),
    sessionTimeout: text('sessionTimeout', String(SETTING_DEFAULTS.sessionTimeout)),
    rateLimiting: flag('rateLimiting', SETTING_DEFAULTS.rateLimiting),
    logLevel: text('logLevel', SETTING_DEFAULTS.logLevel),
    logRetention: text('logRetention', String(SETTING_DEFAULTS.logRetention)),
    fileLogging: flag('fileLogging', SETTING_DEFAULTS.fileLogging),
    backupFrequency: text('backupFrequency', SETTING_DEFAULTS.backupFrequency),
    backupLocation: text('backupLocation', SETTING_DEFAULTS.backupLocation),
  }
}

/**
 * The fields to send: those whose validated value differs from what the server holds. A blank
 * webhook secret means "keep it"; pinned settings are never sent.
 */
export function changedValues(
  settings: Setting[],
  values: SettingsFormValues,
): Partial<Record<SettingKey, unknown>> {
  const byKey = new Map(settings.map((s) => [s.key, s]))
  const changes: Partial<Record<SettingKey, unknown>> = {}
  for (const key of SETTING_KEYS) {
    const current = byKey.get(key)
    if (current?.pinnedBy) continue
    const value = values[key]
    if (key === 'webhookSecret') {
      if (value) changes.webhookSecret = value
      continue
    }
    if (current?.value !== value) changes[key] = value
  }
  return changes
}

/** `12.3 KB`-style sizes for the backup list. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`
}
