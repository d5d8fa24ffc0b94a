import { type Setting, settingsFormSchema } from '@common/settings.ts'
import { describe, expect, it } from 'vitest'
import { changedValues, formatBytes, formValuesOf } from './settings-form-values.ts'

const SERVER: Setting[] = [
  { key: 'port', value: 5000, appliesAtNextStart: true, pinnedBy: 'PORT' },
  { key: 'baseUrl', value: 'http://localhost:5000', appliesAtNextStart: true },
  { key: 'webhookSecret', value: null, configured: true },
  { key: 'adminUsername', value: 'admin' },
  { key: 'sessionTimeout', value: 30 },
  { key: 'rateLimiting', value: true },
  { key: 'logLevel', value: 'info' },
  { key: 'logRetention', value: 30 },
  { key: 'fileLogging', value: true },
  { key: 'backupFrequency', value: 'daily' },
  { key: 'backupLocation', value: './backups' },
]

describe('Save Settings sends only what changed', () => {
  it('sends nothing for an untouched form (the secret stays blank)', () => {
    const values = settingsFormSchema.parse(formValuesOf(SERVER))
    expect(formValuesOf(SERVER).webhookSecret).toBe('')
    expect(changedValues(SERVER, values)).toEqual({})
  })

  it('sends changed fields with their JSON types, a new secret, never a pinned one', () => {
    const values = settingsFormSchema.parse({
      ...formValuesOf(SERVER),
      port: '6000',
      sessionTimeout: '45',
      rateLimiting: false,
      webhookSecret: 'new-secret-value',
    })
    expect(changedValues(SERVER, values)).toEqual({
      sessionTimeout: 45,
      rateLimiting: false,
      webhookSecret: 'new-secret-value',
    })
  })

  it.each([
    [0, '0 B'],
    [2048, '2.0 KB'],
    [5 * 1024 * 1024, '5.0 MB'],
    [300 * 1024 * 1024, '300 MB'],
  ])('formats %i bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })
})
