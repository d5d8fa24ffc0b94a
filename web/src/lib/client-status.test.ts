import { describe, expect, it } from 'vitest'
import { customFieldsStatusDisplay, STATUS_TONE_CLASSES } from '@/lib/client-status.ts'
import { clientView } from '@/testing/client-view.ts'

const withKey = {
  connected: false,
  hasApiKey: true,
  expiresAt: null,
  needsReauth: false,
  reauthReason: null,
  locationId: 'Loc1',
}

describe('custom-field status display (docs/spec/dashboard-spec.md §4)', () => {
  it.each([
    { status: 'configured', count: 7, ghl: undefined, text: 'Ready (7 fields)', tone: 'green' },
    { status: 'configured', count: 0, ghl: withKey, text: 'Ready (0 fields)', tone: 'green' },
    { status: 'configuring', count: 0, ghl: withKey, text: 'Setting up...', tone: 'yellow' },
    { status: 'error', count: 2, ghl: withKey, text: 'Setup failed', tone: 'red' },
    { status: 'not_configured', count: 0, ghl: withKey, text: 'API key configured', tone: 'blue' },
    { status: 'not_configured', count: 0, ghl: undefined, text: 'Not configured', tone: 'grey' },
  ] as const)(
    '$status with count $count and key=$ghl.hasApiKey reads "$text" in $tone',
    ({ status, count, ghl, text, tone }) => {
      const client = clientView({
        ghlCustomFieldsStatus: status,
        ghlCustomFieldsCount: count,
        ...(ghl ? { ghl } : {}),
      })
      expect(customFieldsStatusDisplay(client)).toEqual({ text, tone })
    },
  )

  it.each([
    ['green', 'text-green-600'],
    ['yellow', 'text-yellow-600'],
    ['red', 'text-red-600'],
    ['blue', 'text-blue-600'],
    ['grey', 'text-gray-500'],
  ] as const)('%s is drawn with %s', (tone, className) => {
    expect(STATUS_TONE_CLASSES[tone]).toBe(className)
  })
})
