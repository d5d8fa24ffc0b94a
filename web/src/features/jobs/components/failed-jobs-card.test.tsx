// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { JobView } from '@common/jobs.ts'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { FailedJobsCard } from '@/features/jobs/components/failed-jobs-card.tsx'
import { type ApiTestServer, startApiTestServer } from '@/testing/api-test-server.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  act(() => dismissToast())
  cleanup()
  await server?.close()
  server = undefined
})

const LEAD_JOB_ID = '0b6f7c1e-4a52-4c3b-9a43-6f0d2f1e0a01'
const REPLY_JOB_ID = '0b6f7c1e-4a52-4c3b-9a43-6f0d2f1e0a02'

function job(overrides: Partial<JobView>): JobView {
  return {
    id: LEAD_JOB_ID,
    queue: 'yelp-lead-sync',
    state: 'failed',
    clientId: 'acme',
    data: { clientId: 'acme', leadId: 'lead-roof-repair', reason: 'NEW_EVENT' },
    error: 'Yelp answered 400 VALIDATION_ERROR for GET /v3/leads/lead-roof-repair: bad',
    retryCount: 0,
    retryLimit: 0,
    createdOn: new Date(Date.now() - 5 * 60_000).toISOString(),
    startedOn: new Date(Date.now() - 5 * 60_000).toISOString(),
    completedOn: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  }
}

async function renderCard(jobs: JobView[], canRetry: boolean, retryStatus = 200) {
  server = await startApiTestServer({
    'GET /api/jobs': () => ({ json: jobs }),
    [`POST /api/jobs/${LEAD_JOB_ID}/retry`]: () => {
      if (retryStatus !== 200)
        return {
          status: retryStatus,
          json: { error: `Job ${LEAD_JOB_ID} is retry; only failed jobs can be retried` },
        }
      jobs.splice(
        jobs.findIndex((j) => j.id === LEAD_JOB_ID),
        1,
      )
      return { json: { ok: true, id: LEAD_JOB_ID, state: 'retry' } }
    },
  })
  render(
    <AppProvider>
      <FailedJobsCard canRetry={canRetry} />
    </AppProvider>,
  )
  return userEvent.setup()
}

describe('Failed jobs card (docs/spec/product.md §3, §7)', () => {
  it("says 'No failed jobs' when there are none", async () => {
    await renderCard([], true)
    expect(await screen.findByText('No failed jobs')).toBeInTheDocument()
    expect(server!.requests[0]?.url).toBe('/api/jobs?state=failed&limit=50')
  })

  it('lists each dead job with its queue in words, client, lead, error, time and attempts', async () => {
    await renderCard(
      [
        job({}),
        job({
          id: REPLY_JOB_ID,
          queue: 'ghl-reply',
          data: { clientId: 'bay', leadId: 'lead-2', ghlMessageId: 'm1' },
          clientId: 'bay',
          error: 'Yelp refused the reply: 403',
          retryCount: 8,
          retryLimit: 8,
          completedOn: new Date(Date.now() - 2 * 3600_000).toISOString(),
        }),
      ],
      true,
    )
    const rows = await screen.findAllByTestId('failed-job')
    expect(rows).toHaveLength(2)
    const [lead, reply] = rows as [HTMLElement, HTMLElement]
    expect(within(lead).getByText('Lead sync')).toBeInTheDocument()
    expect(within(lead).getByText('acme')).toBeInTheDocument()
    expect(within(lead).getByText('lead lead-roof-repair')).toBeInTheDocument()
    expect(
      within(lead).getByText('Yelp answered 400 VALIDATION_ERROR for GET /v3/leads/lead-roof-repair: bad'),
    ).toBeInTheDocument()
    expect(within(lead).getByText('5 minutes ago')).toBeInTheDocument()
    expect(within(lead).getByText('1 attempt')).toBeInTheDocument()
    expect(within(reply).getByText('Reply to Yelp')).toBeInTheDocument()
    expect(within(reply).getByText('2 hours ago')).toBeInTheDocument()
    expect(within(reply).getByText('9 attempts')).toBeInTheDocument()
  })

  it('Retry runs the job again and the list refetches without it', async () => {
    const user = await renderCard([job({})], true)
    const row = await screen.findByTestId('failed-job')
    await user.click(within(row).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText('No failed jobs', {}, { timeout: 5000 })).toBeInTheDocument()
    expect(server!.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/jobs?state=failed&limit=50',
      `POST /api/jobs/${LEAD_JOB_ID}/retry`,
      'GET /api/jobs?state=failed&limit=50',
    ])
  })

  it('a refused retry shows the server message and reloads the list', async () => {
    const user = await renderCard([job({})], true, 409)
    const row = await screen.findByTestId('failed-job')
    await user.click(within(row).getByRole('button', { name: 'Retry' }))
    expect(
      await screen.findByText('Retry failed', { selector: '[data-slot="toast-title"]' }, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(
      screen.getByText(`Job ${LEAD_JOB_ID} is retry; only failed jobs can be retried`, {
        selector: '[data-slot="toast-description"]',
      }),
    ).toBeInTheDocument()
    await waitFor(() => expect(server!.requests.filter((r) => r.method === 'GET')).toHaveLength(2))
  })

  it("says 'time unknown' when the job carries no readable time", async () => {
    await renderCard([job({ createdOn: '', startedOn: null, completedOn: null })], true)
    const row = await screen.findByTestId('failed-job')
    expect(within(row).getByText('time unknown')).toBeInTheDocument()
    expect(within(row).getByText('Lead sync')).toBeInTheDocument()
  })

  it('hides Retry from a role without canManageWebhooks', async () => {
    await renderCard([job({})], false)
    const row = await screen.findByTestId('failed-job')
    expect(within(row).queryByRole('button', { name: 'Retry' })).toBeNull()
  })
})
