// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { FirstReplies, Stats } from '@common/stats.ts'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { NEEDS_REPLY_INBOX, WaitingStrip } from '@/features/dashboard/components/waiting-strip.tsx'
import { createQueryClient } from '@/lib/query-client.ts'
import { type ApiTestServer, startApiTestServer } from '@/testing/api-test-server.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  cleanup()
  await server?.close()
  server = undefined
})

const MINUTE = 60_000
const NO_WAITS = { under5Minutes: 0, minutes5To60: 0, hours1To24: 0, over1Day: 0 }
const stats = (overrides: Partial<Stats> = {}): Stats => ({
  activeClients: 3,
  totalClients: 5,
  messagesToday: 12,
  totalMessages: 1234,
  connectedIntegrations: 2,
  webhookErrors: 1,
  errorRate: 0,
  leadsAwaitingReply: 0,
  oldestWaitingSince: null,
  waitingAges: NO_WAITS,
  ...overrides,
})
const total: FirstReplies['total'] = {
  leads: 5,
  answered: 4,
  medianSeconds: 360,
  within5Minutes: 40,
  within1Hour: 60,
}

async function renderStrip(value: Stats) {
  server = await startApiTestServer({
    'GET /api/stats/first-replies': () => ({ json: { days: [], total } satisfies FirstReplies }),
  })
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WaitingStrip stats={value} />
    </QueryClientProvider>,
  )
}

describe('the waiting strip (docs/spec/product.md §9.1)', () => {
  it('links the count to the inbox on Needs reply', async () => {
    await renderStrip(stats({ leadsAwaitingReply: 7 }))
    expect(screen.getByTestId('stat-leads-awaiting-reply-value')).toHaveTextContent('7')
    const link = screen.getByRole('link', { name: /Leads awaiting reply: 7/ })
    expect(link).toHaveAttribute('href', NEEDS_REPLY_INBOX)
    expect(NEEDS_REPLY_INBOX).toBe('/inbox?needsReply=true')
  })

  it('counts the leads with a draft ready, and says nothing of drafts without one', async () => {
    await renderStrip(stats({ leadsAwaitingReply: 7, leadsWithDraft: 2 }))
    expect(screen.getByTestId('stat-drafts-ready')).toHaveTextContent('2 with a draft ready to send')
    cleanup()
    await server?.close()
    await renderStrip(stats({ leadsAwaitingReply: 7, leadsWithDraft: 0 }))
    expect(screen.queryByTestId('stat-drafts-ready')).not.toBeInTheDocument()
  })

  it('shows the oldest wait beside the median, each saying what it counts', async () => {
    const since = new Date(Date.now() - (2 * 24 * 60 + 4 * 60) * MINUTE).toISOString()
    await renderStrip(
      stats({
        leadsAwaitingReply: 4,
        oldestWaitingSince: since,
        waitingAges: { under5Minutes: 1, minutes5To60: 2, hours1To24: 0, over1Day: 1 },
      }),
    )
    expect(screen.getByTestId('oldest-wait')).toHaveTextContent('2 d 4 h')
    expect(await screen.findByText('6 min')).toHaveAttribute('data-testid', 'median-first-reply')
    expect(screen.getByText('answered leads only (4 of 5), last 30 days')).toBeInTheDocument()
    expect(screen.getByTestId('within-5-minutes')).toHaveTextContent('40%')
    expect(
      screen.getByText('of all leads of the last 30 days, the waiting ones included'),
    ).toBeInTheDocument()
    const bar = screen.getByTestId('waiting-age-bar')
    expect(within(bar).getByRole('img')).toHaveAccessibleName(
      'Waiting for: < 5 min: 1, 5–60 min: 2, 1–24 h: 0, > 1 d: 1',
    )
    expect(within(bar).getByTestId('waiting-age-over1Day')).toHaveTextContent('1')
  })

  it('says nobody waits when no lead does', async () => {
    await renderStrip(stats())
    expect(screen.getByText('Every customer has an answer')).toBeInTheDocument()
    expect(screen.getByTestId('oldest-wait')).toHaveTextContent('—')
    expect(screen.getByText('no lead is waiting')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'No lead is waiting' })).toBeInTheDocument()
  })
})
