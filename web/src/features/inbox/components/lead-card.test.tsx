// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { Lead } from '@common/leads.ts'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LeadCard } from '@/features/inbox/components/lead-card.tsx'

// Issue 35: a card shows one status chip, the availability chip when it says something, and one
// of: the waiting timer, "Draft ready", or nothing. No "New" beside "Contacted".

afterEach(cleanup)

function lead(patch: Partial<Lead> = {}): Lead {
  return {
    id: 1,
    leadId: 'lead-1',
    clientId: 'client-a',
    clientName: 'Acme Roofing',
    businessId: null,
    status: 'new',
    userDisplayName: 'Pat Q.',
    conversationId: null,
    temporaryEmailAddress: null,
    timeCreated: '2026-11-01T00:00:00.000Z',
    lastEventTime: '2026-11-01T00:00:00.000Z',
    lastMessage: 'inbound',
    userData: {},
    projectData: {},
    events: [],
    readReceipt: { state: 'unread', readEventId: null, readAt: null },
    figures: {
      costPerLeadCents: null,
      costCurrency: null,
      metricsFetched: false,
      firstConsumerMessageAt: null,
      firstBusinessReplyAt: null,
      responseSeconds: null,
    },
    waitingSince: null,
    opportunityId: null,
    statusChangedInGhlAt: null,
    ...patch,
  }
}

const card = (shown: Lead) => {
  render(<LeadCard lead={shown} isSelected={false} onSelect={() => {}} />)
  return within(screen.getByRole('button'))
}

describe('LeadCard', () => {
  it('a waiting new lead: its status, its live timer, and no availability chip when it has none', () => {
    const shown = card(lead({ waitingSince: new Date(Date.now() - 12 * 60_000).toISOString() }))
    expect(shown.getByTestId('lead-status')).toHaveTextContent('New')
    expect(shown.getByTestId('waiting-timer')).toHaveTextContent('waiting 12 min')
    expect(shown.queryByTestId('lead-availability')).not.toBeInTheDocument()
    expect(shown.queryByText('Not specified')).not.toBeInTheDocument()
    expect(shown.queryByText('New Message')).not.toBeInTheDocument()
    expect(shown.queryByTestId('draft-ready')).not.toBeInTheDocument()
  })

  it('a lead with a draft says "Draft ready" instead of its timer', () => {
    const shown = card(lead({ hasDraft: true, waitingSince: new Date(Date.now() - 60_000).toISOString() }))
    expect(shown.getByTestId('draft-ready')).toHaveTextContent('Draft ready')
    expect(shown.queryByTestId('waiting-timer')).not.toBeInTheDocument()
  })

  it('a new lead the business answered has one status chip, never "Contacted" beside "New"', () => {
    const shown = card(lead({ lastMessage: 'outbound', projectData: { availability_status: 'ASAP' } }))
    expect(shown.getByTestId('lead-status')).toHaveTextContent('New')
    expect(shown.queryByText('Contacted')).not.toBeInTheDocument()
    expect(shown.getByTestId('lead-availability')).toHaveTextContent('ASAP')
    expect(shown.queryByTestId('waiting-timer')).not.toBeInTheDocument()
    expect(shown.queryByTestId('draft-ready')).not.toBeInTheDocument()
  })

  it('keeps the read receipt and the contact details as marks, named for screen readers', () => {
    const shown = card(lead({ userData: { phone: '+1 415 555 0100', email: 'pat@example.com' } }))
    expect(shown.getByTestId('read-receipt')).toHaveAttribute('data-state', 'unread')
    expect(shown.getByText('Phone available')).toBeInTheDocument()
    expect(shown.getByText('Email available')).toBeInTheDocument()
  })
})
