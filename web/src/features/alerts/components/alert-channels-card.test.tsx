// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { AlertChannel } from '@common/alerts.ts'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { AlertChannelsCard } from '@/features/alerts/components/alert-channels-card.tsx'
import { type ApiTestServer, startApiTestServer } from '@/testing/api-test-server.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  cleanup()
  await server?.close()
  server = undefined
})

const CHANNEL: AlertChannel = {
  id: 'ch-1',
  name: 'On-call Slack',
  type: 'slack',
  target: 'https://hooks.slack.com',
  events: ['lead.unanswered', 'webhooks.silent', 'job.dead'],
  clientIds: [],
  slaMinutes: 5,
  quietHours: null,
  enabled: true,
}

describe('Alert channels', () => {
  it('names each channel’s events in words, the contract name on hover', async () => {
    server = await startApiTestServer({
      'GET /api/alert-channels': () => ({ json: [CHANNEL] }),
      'GET /api/clients': () => ({ json: [] }),
    })
    render(
      <AppProvider>
        <AlertChannelsCard />
      </AppProvider>,
    )
    const channel = within(await screen.findByTestId('alert-channel'))
    expect(channel.getByText('Lead waiting past its SLA')).toHaveAttribute('title', 'lead.unanswered')
    expect(channel.getByText('Yelp webhooks missing')).toBeInTheDocument()
    expect(channel.getByText('Background job gave up')).toBeInTheDocument()
    expect(channel.queryByText('job.dead')).not.toBeInTheDocument()
  })
})
