// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { Alert, AlertChannel } from '@common/alerts.ts'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { AlertHistory } from '@/features/alerts/components/alert-history.tsx'
import { type ApiTestServer, startApiTestServer } from '@/testing/api-test-server.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  cleanup()
  await server?.close()
  server = undefined
})

const delivery = (id: number, eventId: string, channelId: string, patch: Partial<Alert> = {}): Alert => ({
  id,
  eventId,
  type: 'lead.unanswered',
  channelId,
  clientId: 'acme',
  leadId: 'lead-1',
  state: 'sent',
  attempts: 1,
  reason: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  sentAt: '2026-11-27T10:00:01.000Z',
  summary: 'Dana has waited 6 min for a reply',
  ...patch,
})

const channel = (id: string, name: string): AlertChannel => ({
  id,
  name,
  type: 'slack',
  target: 'https://hooks.slack.com',
  events: ['lead.unanswered'],
  clientIds: [],
  slaMinutes: 5,
  quietHours: null,
  enabled: true,
})

async function renderHistory(canManageChannels: boolean) {
  const alerts = [
    delivery(3, 'evt_1', 'ch-slack'),
    delivery(2, 'evt_1', 'ch-mail', { state: 'suppressed', attempts: 0, reason: 'quiet hours' }),
    delivery(1, 'evt_0', 'ch-slack', { type: 'job.dead', summary: 'A job gave up' }),
  ]
  server = await startApiTestServer({
    'GET /api/alerts': () => ({ json: alerts, headers: { 'x-total-count': '3' } }),
    'GET /api/alert-channels': () => ({
      json: [channel('ch-slack', 'On-call Slack'), channel('ch-mail', 'Owner email')],
    }),
    'GET /api/clients': () => ({ json: [] }),
  })
  render(
    <AppProvider>
      <AlertHistory canManageChannels={canManageChannels} />
    </AppProvider>,
  )
  return screen.findAllByTestId('alert-row')
}

describe('Alert History', () => {
  it('shows one row per event, named in words, with each channel’s delivery under it', async () => {
    const rows = await renderHistory(true)
    expect(rows).toHaveLength(2)
    const first = within(rows[0]!)
    expect(first.getByText('Lead waiting past its SLA')).toBeInTheDocument()
    expect(first.getByText('2 deliveries', { exact: false })).toBeInTheDocument()
    const deliveries = first.getAllByTestId('alert-delivery').map((each) => each.textContent)
    expect(deliveries[0]).toMatch(/^sent.*1 attempt$/)
    await within(rows[0]!).findByText('On-call Slack')
    expect(first.getAllByTestId('alert-delivery')[1]).toHaveTextContent(
      'suppressedOwner email 0 attempts · quiet hours',
    )
    expect(within(rows[1]!).getByText('Background job gave up')).toBeInTheDocument()
    expect(within(rows[1]!).getByText('1 delivery', { exact: false })).toBeInTheDocument()
  })

  it('leaves the channel names out for a role that may not see the channels', async () => {
    const rows = await renderHistory(false)
    expect(within(rows[0]!).getAllByTestId('alert-delivery')[1]).toHaveTextContent(
      'suppressed0 attempts · quiet hours',
    )
    expect(screen.queryByText('On-call Slack')).not.toBeInTheDocument()
  })
})
