// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { CustomFieldsPanel } from '@/features/integrations/components/custom-fields-panel.tsx'
import { GhlIntegrationModal } from '@/features/integrations/components/ghl-integration-modal.tsx'
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

async function renderModal(routes: TestRoutes, options: { connected?: boolean } = {}) {
  const state = { hasApiKey: false, mapping: {} as Record<string, string> }
  const connected = options.connected ?? false
  server = await startApiTestServer({
    'GET /api/clients': () => ({
      json: [
        clientView({
          ghl: { ...clientView().ghl, connected, hasApiKey: state.hasApiKey, locationId: 'LocAAA111' },
        }),
      ],
    }),
    'GET /api/clients/acme-roofing/ghl/custom-fields': () => ({
      json: {
        hasApiKey: state.hasApiKey,
        hasCustomFields: Object.keys(state.mapping).length > 0,
        fieldMapping: state.mapping,
      },
    }),
    'GET /api/clients/acme-roofing/survey-questions': () => ({
      json: { questions: ['Roof type?', 'When?'] },
    }),
    'POST /api/clients/acme-roofing/ghl/api-key': () => {
      state.hasApiKey = true
      return { json: { success: true, hasApiKey: true, locationId: 'LocAAA111' } }
    },
    'POST /api/clients/acme-roofing/ghl/create-fields': () => {
      state.mapping = { roof_type: 'f1', when: 'f2' }
      return { json: { fieldMapping: state.mapping } }
    },
    ...routes,
  })
  render(
    <AppProvider>
      <GhlIntegrationModal clientId="acme-roofing" onClose={() => {}} />
    </AppProvider>,
  )
  await screen.findByText('Acme Roofing')
  return userEvent.setup()
}

const apiKeyInput = () => screen.getByLabelText('Location API Key', { selector: 'input' })

describe('GoHighLevel modal (docs/spec/dashboard-spec.md §2.7)', () => {
  it('refuses a blank key locally', async () => {
    const user = await renderModal({})
    await user.type(apiKeyInput(), '   ')
    await user.click(screen.getByRole('button', { name: 'Save API Key' }))
    expect(await screen.findByText('Invalid Input')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid Location API key')).toBeInTheDocument()
    expect(server!.requests.some((r) => r.url.endsWith('/ghl/api-key'))).toBe(false)
  })

  it("reports a rejected key as 'API Key Error' with the fallback text", async () => {
    const user = await renderModal({
      'POST /api/clients/acme-roofing/ghl/api-key': () => ({ status: 500, text: '' }),
    })
    await user.type(apiKeyInput(), 'pit-x')
    await user.click(screen.getByRole('button', { name: 'Save API Key' }))
    expect(await screen.findByText('API Key Error')).toBeInTheDocument()
    expect(screen.getByText('Failed to save API key')).toBeInTheDocument()
  })

  it('saves the key, creates fields from the survey questions, and shows the status with a debug line', async () => {
    const user = await renderModal({})
    // No GoHighLevel OAuth yet: nothing to sync into.
    expect(screen.getByRole('button', { name: 'Sync All Leads to GHL Contacts' })).toBeDisabled()
    expect(
      screen.getByText('Available once GoHighLevel is authorized in Integration Setup'),
    ).toBeInTheDocument()
    await user.type(apiKeyInput(), ' pit-good ')
    await user.click(screen.getByRole('button', { name: 'Save API Key' }))
    expect(await screen.findByText('API Key Saved', {}, { timeout: 5000 })).toBeInTheDocument()
    const sent = server!.requests.find((r) => r.url.endsWith('/ghl/api-key'))!
    expect(JSON.parse(sent.body)).toEqual({ locationApiKey: 'pit-good', locationId: 'LocAAA111' })

    const create = await screen.findByRole('button', { name: 'Create Custom Fields' })
    await screen.findByText('Roof type?')
    await user.click(create)
    expect(await screen.findByText('Custom fields created', {}, { timeout: 5000 })).toBeInTheDocument()
    const created = server!.requests.find((r) => r.url.endsWith('/ghl/create-fields'))!
    expect(JSON.parse(created.body)).toEqual({ surveyQuestions: ['Roof type?', 'When?'] })
    const panel = screen.getByRole('region', { name: 'Integration Status' })
    expect(await within(panel).findByText('2 mapped')).toBeInTheDocument()
    expect(screen.getByTestId('ghl-debug-line')).toHaveTextContent('hasApiKey=true')
    expect(screen.getByTestId('ghl-debug-line')).toHaveTextContent('mappedFields=2')
  })
})

describe('GoHighLevel modal sync (docs/spec/dashboard-spec.md §2.7, §8)', () => {
  const startedAt = '2026-06-30T12:00:00.000Z'
  it.each([
    {
      // A job (issue 10 item 11): 202 with it running, then the status poll sees it done.
      reply: { status: 202, json: contactSyncStatus({ status: 'running', startedAt }) },
      title: 'Contact sync completed',
      description: '2 contacts synced to GoHighLevel, 0 errors.',
    },
    {
      reply: { status: 502, json: { error: 'GoHighLevel answered 503 for location LocAAA111' } },
      title: 'Sync Error',
      description: 'GoHighLevel answered 503 for location LocAAA111',
    },
    {
      reply: { status: 500, text: '' },
      title: 'Sync Error',
      description: 'The contacts could not be synced',
    },
  ])(
    'once GoHighLevel is connected, the sync button reports "$title"',
    async ({ reply, title, description }) => {
      let posted = false
      const done = contactSyncStatus({
        status: 'completed',
        startedAt,
        finishedAt: startedAt,
        leadsTotal: 2,
        leadsDone: 2,
        success: 2,
      })
      const user = await renderModal(
        {
          'POST /api/clients/acme-roofing/ghl/sync-contacts': () => {
            posted = true
            return reply
          },
          'GET /api/clients/acme-roofing/ghl/contact-sync-status': () => ({
            json: posted ? done : contactSyncStatus({}),
          }),
        },
        { connected: true },
      )
      expect(screen.queryByText('Available once GoHighLevel is authorized in Integration Setup')).toBeNull()
      const button = screen.getByRole('button', { name: 'Sync All Leads to GHL Contacts' })
      await waitFor(() => expect(button).toBeEnabled())
      await user.click(button)
      expect(
        await screen.findByText(title, { selector: '[data-slot="toast-title"]' }, { timeout: 6000 }),
      ).toBeInTheDocument()
      expect(
        screen.getByText(description, { selector: '[data-slot="toast-description"]' }),
      ).toBeInTheDocument()
      expect(server!.requests.filter((r) => r.url.endsWith('/ghl/sync-contacts'))).toHaveLength(1)
    },
    15_000,
  )
})

describe('custom-fields panel (docs/spec/dashboard-spec.md §2.8)', () => {
  it.each([
    { records: [], expected: 'nothing' },
    {
      records: [
        {
          id: 1,
          clientId: 'acme',
          fieldName: 'Roof type',
          ghlFieldId: 'fld-1',
          ghlFieldName: 'Roof type',
          fieldKey: 'contact.roof_type',
          dataType: 'MULTIPLE_OPTIONS',
          options: ['Tile', 'Shingle'],
          sourceType: 'survey_question',
          isActive: true,
          createdAt: '2026-01-05T10:00:00.000Z',
        },
      ],
      expected: 'list',
    },
  ])('renders $expected for $records.length records', async ({ records, expected }) => {
    server = await startApiTestServer({ 'GET /api/ghl/custom-fields/acme': () => ({ json: records }) })
    render(
      <AppProvider>
        <div data-testid="panel">
          <CustomFieldsPanel clientId="acme" />
        </div>
      </AppProvider>,
    )
    expect(screen.getByText('Loading custom fields...')).toBeInTheDocument()
    if (expected === 'nothing') {
      await waitFor(() => expect(screen.queryByText('Loading custom fields...')).toBeNull())
      expect(screen.getByTestId('panel')).toBeEmptyDOMElement()
    } else {
      expect(await screen.findByText('Roof type')).toBeInTheDocument()
      expect(screen.getByText('Multi-select')).toBeInTheDocument()
    }
  })
})
