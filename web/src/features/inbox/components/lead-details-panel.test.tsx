// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { LeadDetail } from '@common/leads.ts'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { LeadDetailsPanel } from '@/features/inbox/components/lead-details-panel.tsx'
import { createQueryClient } from '@/lib/query-client.ts'

afterEach(cleanup)

function detail(patch: Partial<LeadDetail> = {}): LeadDetail {
  return {
    id: 1,
    leadId: 'lead-1',
    clientId: 'client-a',
    clientName: 'A',
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
    readReceipt: { state: 'none', readEventId: null, readAt: null },
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
    replies: [],
    activity: [],
    drafts: [],
    ghlForwarding: [],
    ...patch,
  }
}

const panel = (lead: LeadDetail) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LeadDetailsPanel
        lead={lead}
        canChangeStatus={false}
        isSavingStatus={false}
        onStatusChange={() => {}}
        isMarkingReplied={false}
        onMarkReplied={() => {}}
        onBack={() => {}}
      />
    </QueryClientProvider>,
  )

describe('LeadDetailsPanel: the GHL opportunity', () => {
  it('says why the lead has no opportunity when GHL refused one', () => {
    panel(detail({ opportunityError: 'GoHighLevel refused a second open opportunity for this contact' }))
    expect(screen.getByTestId('opportunity-error')).toHaveTextContent(
      'No GHL opportunity · GoHighLevel refused a second open opportunity for this contact',
    )
  })

  it('says nothing when there was no refusal', () => {
    panel(detail({ opportunityError: null, opportunityId: 'Opp1' }))
    expect(screen.queryByTestId('opportunity-error')).toBeNull()
  })
})
