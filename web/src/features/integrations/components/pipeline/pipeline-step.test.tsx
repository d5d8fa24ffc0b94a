// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { PIPELINE_RECONNECT_MESSAGE } from '@common/pipeline.ts'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { PipelineStep } from '@/features/integrations/components/pipeline/pipeline-step.tsx'
import { type ApiTestServer, startApiTestServer, type TestRoutes } from '@/testing/api-test-server.ts'
import { clientView } from '@/testing/client-view.ts'
import { contactSyncStatus } from '@/testing/contact-sync-status.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  act(() => dismissToast())
  cleanup()
  await server?.close()
  server = undefined
})

const BASE = '/api/clients/acme-roofing'
const PIPELINES = [
  {
    id: 'p1',
    name: 'Yelp Leads',
    stages: [
      { id: 's-new', name: 'New Lead' },
      { id: 's-contacted', name: 'Contacted' },
      { id: 's-quote', name: 'Quote Sent' },
      { id: 's-won', name: 'Won' },
      { id: 's-lost', name: 'Lost' },
    ],
  },
]
const UNSAVED = {
  enabled: false,
  pipelineId: null,
  stages: { new: null, contacted: null, converted: null, closed: null },
}

async function renderStep(routes: TestRoutes) {
  server = await startApiTestServer({
    [`GET ${BASE}/ghl/pipelines`]: () => ({ json: PIPELINES }),
    [`GET ${BASE}/pipeline`]: () => ({ json: UNSAVED }),
    [`GET ${BASE}/ghl/opportunity-sync-status`]: () => ({ json: contactSyncStatus() }),
    ...routes,
  })
  const client = clientView({ ghl: { ...clientView().ghl, connected: true } })
  render(
    <AppProvider>
      <PipelineStep client={client} />
    </AppProvider>,
  )
  return userEvent.setup()
}

describe('the Pipeline step', () => {
  it('offers the pipelines read from GHL with the stages named like the statuses, and saves the mapping', async () => {
    const user = await renderStep({
      [`PUT ${BASE}/pipeline`]: (req) => ({ json: JSON.parse(req.body) }),
    })
    const pipeline = await screen.findByRole('combobox', { name: 'Pipeline' })
    expect(pipeline).toHaveValue('p1')
    await waitFor(() => expect(screen.getByLabelText('New')).toHaveValue('s-new'))
    expect(screen.getByLabelText('Contacted')).toHaveValue('s-contacted')
    expect(screen.getByLabelText('Converted')).toHaveValue('s-won')
    expect(screen.getByLabelText('Closed')).toHaveValue('s-lost')
    await user.selectOptions(screen.getByLabelText('Contacted'), 's-quote')
    await user.click(screen.getByRole('button', { name: 'Save Pipeline' }))
    await screen.findByText('Pipeline saved')
    const put = server?.requests.find((r) => r.method === 'PUT')
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      enabled: true,
      pipelineId: 'p1',
      stages: { new: 's-new', contacted: 's-quote', converted: 's-won', closed: 's-lost' },
    })
  })

  it('asks for a stage it could not guess, and shows the server’s refusal naming the stage', async () => {
    const user = await renderStep({
      [`GET ${BASE}/ghl/pipelines`]: () => ({
        json: [
          {
            id: 'p2',
            name: 'Odd',
            stages: [
              { id: 'a', name: 'Alpha' },
              { id: 'b', name: 'Beta' },
            ],
          },
        ],
      }),
      [`PUT ${BASE}/pipeline`]: () => ({
        status: 400,
        json: { error: 'stages.new: stage a is not a stage of pipeline Odd' },
      }),
    })
    await screen.findByRole('combobox', { name: 'Pipeline' })
    await user.click(screen.getByRole('button', { name: 'Save Pipeline' }))
    await screen.findByText('Choose the stage for new leads')
    expect(server?.requests.some((r) => r.method === 'PUT')).toBe(false)
    for (const status of ['New', 'Contacted', 'Converted', 'Closed'])
      await user.selectOptions(screen.getByLabelText(status), 'a')
    await user.click(screen.getByRole('button', { name: 'Save Pipeline' }))
    await screen.findByText('stages.new: stage a is not a stage of pipeline Odd')
  })

  it('says "reconnect GHL to enable the pipeline" for a connection without the opportunities scopes', async () => {
    await renderStep({
      [`GET ${BASE}/ghl/pipelines`]: () => ({ status: 409, json: { error: PIPELINE_RECONNECT_MESSAGE } }),
    })
    await screen.findByText('Reconnect GHL to enable the pipeline.')
    expect(screen.getByRole('link', { name: 'Reconnect GoHighLevel' })).toBeInTheDocument()
    expect(screen.queryByRole('combobox', { name: 'Pipeline' })).not.toBeInTheDocument()
  })

  it('explains an empty location and a GHL failure, with a way to try again', async () => {
    let answer: { status?: number; json: unknown } = { json: [] }
    const user = await renderStep({ [`GET ${BASE}/ghl/pipelines`]: () => answer })
    await screen.findByText('This GoHighLevel location has no pipeline yet')
    answer = { status: 502, json: { error: 'GHL is down' } }
    await user.click(screen.getByRole('button', { name: 'Load pipelines again' }))
    await screen.findByText('The pipelines could not be read from GoHighLevel: GHL is down')
    answer = { json: PIPELINES }
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Pipeline' })).toHaveValue('p1'))
  })

  it('keeps the backfill off until the pipeline is saved turned on', async () => {
    await renderStep({})
    const button = await screen.findByRole('button', { name: 'Create Opportunities for Existing Leads' })
    expect(button).toBeDisabled()
    expect(screen.getByText('Save the pipeline turned on first.')).toBeInTheDocument()
  })
})
