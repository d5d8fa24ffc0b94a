// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { HubReply, LeadDetail, LeadEvent } from '@common/leads.ts'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { ConversationPanel } from '@/features/inbox/components/conversation-panel.tsx'
import { type ApiTestServer, startApiTestServer } from '@/testing/api-test-server.ts'

// Who sent each business message from the hub: a person in the inbox, a person sending a draft
// (a model's or the playbook's), or the playbook on its own.

let server: ApiTestServer | undefined

afterEach(async () => {
  cleanup()
  await server?.close()
  server = undefined
})

const at = (minute: number) => `2026-11-25T10:${String(minute).padStart(2, '0')}:00Z`
const event = (id: string, userType: string, text: string, minute: number): LeadEvent => ({
  id,
  event_type: 'TEXT',
  user_type: userType,
  time_created: at(minute),
  event_content: { text },
})
const reply = (overrides: Partial<HubReply> & Pick<HubReply, 'messageId' | 'origin'>): HubReply => ({
  text: 'text',
  status: 'success',
  error: null,
  yelpEventId: null,
  createdAt: at(30),
  sentBy: null,
  ...overrides,
})

const lead = {
  leadId: 'lead-origin',
  userDisplayName: 'Ana R.',
  userData: {},
  events: [
    event('ev-consumer', 'CONSUMER', 'Can you fix a leaking roof?', 0),
    event('ev-auto', 'BIZ', 'Thanks for reaching out!', 1),
    event('ev-typed', 'BIZ', 'Tuesday at 10 works.', 5),
    event('ev-ai', 'BIZ', 'We can look at the roof on Thursday.', 9),
  ],
  replies: [
    reply({ messageId: 1, origin: 'automation', yelpEventId: 'ev-auto' }),
    reply({ messageId: 2, origin: 'inbox', sentBy: 'maria', yelpEventId: 'ev-typed' }),
    reply({ messageId: 3, origin: 'ai_draft', sentBy: 'sam', yelpEventId: 'ev-ai' }),
    reply({ messageId: 4, origin: 'draft', sentBy: 'maria', status: 'pending', text: 'Following up!' }),
  ],
  drafts: [],
} as unknown as LeadDetail

describe('Conversation', () => {
  it('says who sent each reply from the hub, on its Yelp event or on the pending reply', async () => {
    server = await startApiTestServer({})
    render(
      <AppProvider>
        <ConversationPanel
          lead={lead}
          isLoading={false}
          canReply={false}
          onBack={() => {}}
          onShowDetails={() => {}}
        />
      </AppProvider>,
    )
    expect(await screen.findByText(/Sent automatically by the playbook/)).toBeInTheDocument()
    expect(screen.getByText(/· Sent by maria/)).toBeInTheDocument()
    expect(screen.getByText(/AI draft sent by sam/)).toBeInTheDocument()
    expect(screen.getByText(/Sending… · Draft sent by maria/)).toBeInTheDocument()
    // The consumer's message names no sender.
    expect(screen.getAllByText(/Sent|sent by/)).toHaveLength(4)
  })
})
