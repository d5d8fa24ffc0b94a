import type { ClientView } from '@common/clients.ts'

export type StatusTone = 'green' | 'yellow' | 'red' | 'blue' | 'grey'

export interface StatusDisplay {
  text: string
  tone: StatusTone
}

/** Text colour of each tone; the tone names are the colours docs/spec/dashboard-spec.md §4 gives. */
export const STATUS_TONE_CLASSES: Record<StatusTone, string> = {
  green: 'text-green-600',
  yellow: 'text-yellow-600',
  red: 'text-red-600',
  blue: 'text-blue-600',
  grey: 'text-gray-500',
}

/** docs/spec/dashboard-spec.md §4: how a client's GHL custom-field status reads in the client list. */
export function customFieldsStatusDisplay(
  client: Pick<ClientView, 'ghlCustomFieldsStatus' | 'ghlCustomFieldsCount' | 'ghl'>,
): StatusDisplay {
  switch (client.ghlCustomFieldsStatus) {
    case 'configured':
      return { text: `Ready (${client.ghlCustomFieldsCount} fields)`, tone: 'green' }
    case 'configuring':
      return { text: 'Setting up...', tone: 'yellow' }
    case 'error':
      return { text: 'Setup failed', tone: 'red' }
    default:
      return client.ghl.hasApiKey
        ? { text: 'API key configured', tone: 'blue' }
        : { text: 'Not configured', tone: 'grey' }
  }
}
