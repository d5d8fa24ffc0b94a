// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { MessageLog } from '@common/messages.ts'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { MessageList } from '@/features/message-logs/components/message-list.tsx'

afterEach(cleanup)

const message = (patch: Partial<MessageLog>): MessageLog => ({
  id: 1,
  clientId: 'acme',
  clientName: 'Acme Roofing',
  direction: 'inbound',
  platform: 'yelp',
  messageId: null,
  conversationId: null,
  content: 'Hello',
  status: 'success',
  metadata: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  leadId: 'lead-1',
  error: null,
  retryJobId: null,
  ...patch,
})

describe('Message Logs rows: directions in platform names', () => {
  it('says Yelp → GHL, GHL → Yelp, and that an automated reply came from the playbook', () => {
    render(
      <AppProvider>
        <MessageList
          canRetry={false}
          messages={[
            message({ id: 1 }),
            message({ id: 2, direction: 'outbound', platform: 'ghl' }),
            message({
              id: 3,
              direction: 'outbound',
              metadata: { source: 'automation', automation: 'first_reply', step: 0, leadId: 'lead-1' },
            }),
          ]}
        />
      </AppProvider>,
    )
    const routes = within(screen.getAllByRole('table')[0]!)
      .getAllByTestId('message-route')
      .map((cell) => cell.textContent)
    expect(routes).toEqual(['Yelp → GHL', 'GHL → Yelp', 'Playbook → YelpAutomated first reply (playbook)'])
  })
})
