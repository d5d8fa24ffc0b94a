// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { ClientView } from '@common/clients.ts'
import type { CustomFieldRecord, LeadAnalysis } from '@common/custom-fields.ts'
import type { ImportStatus } from '@common/imports.ts'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { IntegrationSetupDialog } from '@/features/integrations/components/integration-setup-dialog.tsx'
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

const YELP_DONE = {
  connected: true,
  expiresAt: null,
  needsReauth: false,
  reauthReason: null,
  businessId: 'acme-sf',
  webhookSubscribed: true,
  subscription: { state: 'active', checkedAt: null, error: null },
} as const

interface ServerState {
  client: ClientView
  fields: CustomFieldRecord[]
}

async function renderSetup(initial: ClientView, routes: (state: ServerState) => TestRoutes = () => ({})) {
  const state: ServerState = { client: initial, fields: [] }
  server = await startApiTestServer({
    'GET /api/clients': () => ({ json: [state.client] }),
    [`GET /api/ghl/custom-fields/${initial.clientId}`]: () => ({ json: state.fields }),
    ...routes(state),
  })
  render(
    <AppProvider>
      <IntegrationSetupDialog clientId={initial.clientId} onClose={() => {}} />
    </AppProvider>,
  )
  await screen.findByRole('tab', { name: 'Overview' })
  return { user: userEvent.setup(), state }
}

// Mutations settle after the lists they change have reloaded, so allow for a busy machine.
const toastTitle = (text: string) =>
  screen.findByText(text, { selector: '[data-slot="toast-title"]' }, { timeout: 5000 })
const toastDescription = (text: string) =>
  screen.getByText(text, { selector: '[data-slot="toast-description"]' })

describe('Integration Setup dialog (docs/spec/dashboard-spec.md §2.6, §4, §8)', () => {
  it('Overview shows both connections and the onboarding URL', async () => {
    await renderSetup(clientView({ yelp: YELP_DONE }))
    const overview = screen.getByRole('tabpanel')
    expect(within(overview).getByLabelText('Yelp: Connected')).toBeInTheDocument()
    expect(within(overview).getByLabelText('GoHighLevel: Disconnected')).toBeInTheDocument()
    expect(within(overview).getByLabelText('onboarding URL')).toHaveValue(
      'http://localhost:5000/onboard/acme-roofing?token=t0k3n',
    )
  })

  it('Yelp: the OAuth button waits for the webhook subscription; saving the business id subscribes', async () => {
    const { user } = await renderSetup(clientView(), (state) => ({
      'POST /api/subscribe-webhook': (req) => {
        const { businessId } = JSON.parse(req.body) as { businessId: string }
        state.client = {
          ...state.client,
          yelp: { ...state.client.yelp, businessId, webhookSubscribed: true },
        }
        return { json: { success: true, businessId, webhookSubscribed: true } }
      },
    }))
    await user.click(screen.getByRole('tab', { name: 'Yelp Setup' }))
    expect(screen.getByRole('button', { name: 'Connect Yelp' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Save & Subscribe' }))
    expect(await screen.findByText('Business ID is required for webhook subscription')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Yelp Business ID'), 'acme-sf')
    await user.click(screen.getByRole('button', { name: 'Save & Subscribe' }))
    expect(await toastTitle('Yelp configuration complete')).toBeInTheDocument()
    const connect = await screen.findByRole('link', { name: 'Connect Yelp' })
    expect(connect).toHaveAttribute('href', '/api/yelp-auth-url?clientId=acme-roofing')
    expect(connect).toHaveAttribute('target', '_blank')
    const sent = server!.requests.find((r) => r.url === '/api/subscribe-webhook')!
    expect(JSON.parse(sent.body)).toEqual({ businessId: 'acme-sf', clientId: 'acme-roofing' })
    // Historical import needs the Yelp access token (docs/spec/dashboard-spec.md §2.6).
    expect(screen.queryByText('Historical Lead Import')).toBeNull()
  })

  it.each([
    {
      reply: { status: 502, json: { error: 'Yelp refused: UNAUTHORIZED_API_KEY' } },
      text: 'Yelp refused: UNAUTHORIZED_API_KEY',
    },
    { reply: { status: 500, text: '' }, text: 'Failed to subscribe to webhooks' },
  ])('Yelp: a failed subscription says "$text"', async ({ reply, text }) => {
    const { user } = await renderSetup(clientView(), () => ({ 'POST /api/subscribe-webhook': () => reply }))
    await user.click(screen.getByRole('tab', { name: 'Yelp Setup' }))
    await user.type(screen.getByLabelText('Yelp Business ID'), 'acme-sf')
    await user.click(screen.getByRole('button', { name: 'Save & Subscribe' }))
    expect(await toastTitle('Failed to configure Yelp integration')).toBeInTheDocument()
    expect(toastDescription(text)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Connect Yelp' })).toBeDisabled()
  })

  it('Yelp connected: the historical import starts, polls its progress, and reports completion', async () => {
    const status = (overrides: Partial<ImportStatus>): ImportStatus => ({
      status: 'never',
      businessId: 'acme-sf',
      leadsFound: 0,
      leadsQueued: 0,
      storedLeads: 0,
      error: null,
      startedAt: null,
      finishedAt: null,
      ...overrides,
    })
    const startedAt = new Date().toISOString()
    // Each GET after the start moves the import one step on.
    const answers = [
      status({ status: 'running', leadsFound: 3, leadsQueued: 2, storedLeads: 1, startedAt }),
      status({
        status: 'completed',
        leadsFound: 3,
        leadsQueued: 3,
        storedLeads: 3,
        startedAt,
        finishedAt: new Date().toISOString(),
      }),
    ]
    let current = status({})
    const { user } = await renderSetup(clientView({ yelp: YELP_DONE }), () => ({
      'GET /api/clients/acme-roofing/import-status': () => {
        const answer = current
        if (current.status !== 'never') current = answers.shift() ?? current
        return { json: answer }
      },
      'POST /api/import-historical-leads': () => {
        current = answers.shift() ?? current
        return { json: { businessId: 'acme-sf', status: 'started' } }
      },
    }))
    await user.click(screen.getByRole('tab', { name: 'Yelp Setup' }))
    const section = screen.getByRole('region', { name: 'Historical Lead Import' })
    const start = within(section).getByRole('button', { name: 'Import Historical Leads' })
    await waitFor(() => expect(start).toBeEnabled())
    expect(screen.queryByTestId('import-progress')).toBeNull()

    await user.click(start)
    expect(await toastTitle('Historical lead import started')).toBeInTheDocument()
    expect(
      toastDescription('Importing the leads of acme-sf. Check the Lead Inbox as they arrive.'),
    ).toBeInTheDocument()
    const sent = server!.requests.find((r) => r.url === '/api/import-historical-leads')!
    expect(JSON.parse(sent.body)).toEqual({ clientId: 'acme-roofing' })

    const progress = await screen.findByTestId('import-progress')
    await waitFor(() => expect(progress).toHaveTextContent('Importing… 2 of 3 leads queued · 1 stored'))
    expect(within(section).getByRole('button', { name: 'Importing...' })).toBeDisabled()
    // The next poll, 2 s later, sees the import done and every lead stored; polling then stops.
    await waitFor(
      () =>
        expect(screen.getByTestId('import-progress')).toHaveTextContent(
          'Import complete: 3 leads found, all stored',
        ),
      { timeout: 5000 },
    )
    expect(within(section).getByRole('button', { name: 'Import Historical Leads' })).toBeEnabled()
    const polls = () => server!.requests.filter((r) => r.url.endsWith('/import-status')).length
    const settled = polls()
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect(polls()).toBe(settled)
  }, 15_000)

  it("Yelp connected: an import the server refuses says so with the server's message", async () => {
    const { user } = await renderSetup(clientView({ yelp: YELP_DONE }), () => ({
      'GET /api/clients/acme-roofing/import-status': () => ({
        json: { status: 'never', businessId: null, leadsFound: 0, leadsQueued: 0, storedLeads: 0 },
      }),
      'POST /api/import-historical-leads': () => ({
        status: 400,
        json: { error: 'clientId: connect the client’s Yelp business before importing its leads' },
      }),
    }))
    await user.click(screen.getByRole('tab', { name: 'Yelp Setup' }))
    const start = screen.getByRole('button', { name: 'Import Historical Leads' })
    await waitFor(() => expect(start).toBeEnabled())
    await user.click(start)
    expect(await toastTitle('Failed to start historical lead import')).toBeInTheDocument()
    expect(
      toastDescription('clientId: connect the client’s Yelp business before importing its leads'),
    ).toBeInTheDocument()
  })

  const started = { status: 'running', startedAt: '2026-06-30T12:00:00.000Z' } as const

  it.each([
    {
      // The POST answers 202 with the running job; the poll then sees it finish.
      reply: { status: 202, json: contactSyncStatus(started) },
      finished: contactSyncStatus({
        ...started,
        status: 'completed',
        leadsTotal: 4,
        leadsDone: 4,
        success: 3,
        errors: 1,
        failures: [{ leadId: 'lead-9', error: 'GHL answered 422' }],
        finishedAt: '2026-06-30T12:00:05.000Z',
      }),
      title: 'Contact sync completed',
      description: '3 contacts synced to GoHighLevel, 1 error.',
    },
    {
      reply: { status: 400, json: { error: 'clientId: connect GoHighLevel before syncing contacts' } },
      finished: contactSyncStatus({}),
      title: 'Contact sync failed',
      description: 'clientId: connect GoHighLevel before syncing contacts',
    },
  ])(
    'GoHighLevel connected: Sync All Leads to GHL Contacts → "$title"',
    async ({ reply, finished, title, description }) => {
      let posted = false
      const { user } = await renderSetup(
        clientView({
          yelp: YELP_DONE,
          ghlCustomFieldsCount: 3,
          ghl: {
            connected: true,
            hasApiKey: true,
            expiresAt: null,
            needsReauth: false,
            reauthReason: null,
            locationId: 'LocAAA111',
          },
        }),
        () => ({
          'POST /api/clients/acme-roofing/ghl/sync-contacts': () => {
            posted = true
            return reply
          },
          'GET /api/clients/acme-roofing/ghl/contact-sync-status': () => ({
            json: posted ? finished : contactSyncStatus({}),
          }),
        }),
      )
      await user.click(screen.getByRole('tab', { name: 'GoHighLevel' }))
      const section = screen.getByRole('region', { name: 'Contact Sync' })
      const button = within(section).getByRole('button', { name: 'Sync All Leads to GHL Contacts' })
      await waitFor(() => expect(button).toBeEnabled())
      await user.click(button)
      if (title === 'Contact sync completed') {
        // Running: the button is disabled and says so until the next poll (2 s) sees it done.
        expect(await within(section).findByTestId('contact-sync-progress')).toHaveTextContent(
          'Syncing… reading the stored leads',
        )
        expect(within(section).getByRole('button', { name: 'Syncing...' })).toBeDisabled()
      }
      expect(
        await screen.findByText(title, { selector: '[data-slot="toast-title"]' }, { timeout: 6000 }),
      ).toBeInTheDocument()
      expect(toastDescription(description)).toBeInTheDocument()
      if (title === 'Contact sync completed') {
        expect(within(section).getByTestId('contact-sync-result')).toHaveTextContent(
          'lead-9: GHL answered 422',
        )
      }
    },
    15_000,
  )

  it('the Response playbook tab points to the client’s own Response page', async () => {
    const { user } = await renderSetup(clientView())
    await user.click(screen.getByRole('tab', { name: 'Response playbook' }))
    expect(
      within(screen.getByRole('tabpanel')).getByRole('link', { name: "Open on the client's Response page" }),
    ).toHaveAttribute('href', '/clients/acme-roofing/response')
  })

  it('GoHighLevel is blocked until Yelp is connected, with a way to the Yelp tab', async () => {
    const { user } = await renderSetup(clientView())
    await user.click(screen.getByRole('tab', { name: 'GoHighLevel' }))
    expect(screen.queryByLabelText('Location API Key')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Go to Yelp Integration' }))
    expect(screen.getByRole('tab', { name: 'Yelp Setup' })).toHaveAttribute('aria-selected', 'true')
  })

  it('GoHighLevel: key, analysis, fields, OAuth gating and delete-all confirmation', async () => {
    const questions = Array.from({ length: 12 }, (_, i) => `Survey question number ${i + 1} with a long text`)
    const analysis: LeadAnalysis = {
      standardFields: [{ name: 'Job Type', type: 'TEXT' }],
      surveyQuestions: questions.map((fieldName) => ({ fieldName })),
      jobTypes: ['Roof repair', 'Gutter cleaning'],
      totalLeads: 3,
    }
    const { user, state } = await renderSetup(clientView({ yelp: YELP_DONE }), (s) => ({
      'POST /api/clients/acme-roofing/ghl/api-key': (req) => {
        const body = JSON.parse(req.body) as { locationApiKey: string; locationId: string }
        if (body.locationApiKey !== 'pit-good')
          return { status: 400, json: { error: 'GHL rejected the key: 401' } }
        s.client = { ...s.client, ghl: { ...s.client.ghl, hasApiKey: true, locationId: body.locationId } }
        return { json: { success: true, hasApiKey: true, locationId: body.locationId } }
      },
      'POST /api/clients/acme-roofing/ghl/analyze-leads': () => ({ json: analysis }),
      'POST /api/clients/acme-roofing/ghl/create-custom-fields': () => {
        s.fields = [
          field(1, 'Job Type', 'TEXT', 'standard'),
          field(2, 'Preferred date', 'DATE', 'survey_question'),
          field(3, 'Roof type', 'SINGLE_OPTIONS', 'survey_question'),
        ]
        s.client = { ...s.client, ghlCustomFieldsStatus: 'configured', ghlCustomFieldsCount: 3 }
        return { json: { fieldsCreated: 3, fieldsExisting: 0, fields: [] } }
      },
      'POST /api/clients/acme-roofing/ghl/delete-custom-fields': () => {
        s.fields = []
        s.client = { ...s.client, ghlCustomFieldsStatus: 'not_configured', ghlCustomFieldsCount: 0 }
        return { json: { deletedCount: 3 } }
      },
    }))
    await user.click(screen.getByRole('tab', { name: 'GoHighLevel' }))
    expect(screen.getByRole('button', { name: 'Connect GoHighLevel' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Analyze Leads' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Save Configuration' }))
    expect(await screen.findByText('Location API key is required')).toBeInTheDocument()
    expect(screen.getByText('Location ID is required')).toBeInTheDocument()

    await user.type(screen.getByLabelText('Location API Key', { selector: 'input' }), 'pit-bad')
    await user.type(screen.getByLabelText('Location ID'), 'LocAAA111')
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }))
    expect(await toastTitle('Error saving API key')).toBeInTheDocument()
    expect(toastDescription('GHL rejected the key: 401')).toBeInTheDocument()

    await user.clear(screen.getByLabelText('Location API Key', { selector: 'input' }))
    await user.type(screen.getByLabelText('Location API Key', { selector: 'input' }), 'pit-good')
    await user.click(screen.getByRole('button', { name: 'Save Configuration' }))
    expect(await toastTitle('GHL configuration saved')).toBeInTheDocument()

    await waitFor(() => expect(screen.getByRole('button', { name: 'Analyze Leads' })).toBeEnabled())
    expect(screen.getByRole('button', { name: 'Create Custom Fields' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Connect GoHighLevel' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Analyze Leads' }))
    expect(await toastTitle('Lead analysis complete')).toBeInTheDocument()
    expect(toastDescription('Found 12 survey questions and 2 job types in 3 leads.')).toBeInTheDocument()
    const preview = screen.getByRole('list', { name: 'Survey questions' })
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...questions.slice(0, 10).map((q) => `${q.slice(0, 30)}...`), '+2 more'])

    await user.click(screen.getByRole('button', { name: 'Create Custom Fields' }))
    expect(await toastTitle('Custom fields created')).toBeInTheDocument()
    expect(toastDescription('3 custom fields created in GoHighLevel.')).toBeInTheDocument()
    const list = await screen.findByTestId('custom-field-list')
    expect(list).toHaveClass('max-h-64', 'overflow-y-auto')
    expect(within(list).getByText('Dropdown')).toBeInTheDocument()
    expect(within(list).getByText('Date')).toBeInTheDocument()
    expect(within(list).getByText('Text')).toBeInTheDocument()
    const connect = await screen.findByRole('link', { name: 'Connect GoHighLevel' })
    expect(connect).toHaveAttribute('href', '/api/ghl-auth-url?clientId=acme-roofing&autoSync=false')
    await user.click(screen.getByLabelText('Sync existing leads to GoHighLevel contacts after connecting'))
    expect(connect).toHaveAttribute('href', '/api/ghl-auth-url?clientId=acme-roofing&autoSync=true')

    const deleteAll = screen.getByRole('button', { name: 'Delete All Custom Fields' })
    expect(deleteAll).toBeDisabled()
    await user.click(screen.getByLabelText('I understand this action cannot be undone'))
    expect(deleteAll).toBeEnabled()
    await user.click(deleteAll)
    expect(await toastTitle('Custom fields deleted')).toBeInTheDocument()
    expect(toastDescription('3 custom fields deleted.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByTestId('custom-field-list')).toBeNull())
    expect(state.client.ghlCustomFieldsCount).toBe(0)
  })
})

function field(
  id: number,
  fieldName: string,
  dataType: CustomFieldRecord['dataType'],
  sourceType: CustomFieldRecord['sourceType'],
): CustomFieldRecord {
  return {
    id,
    clientId: 'acme-roofing',
    fieldName,
    ghlFieldId: `fld${id}`,
    ghlFieldName: fieldName,
    fieldKey: `contact.${fieldName.toLowerCase().replace(/ /g, '_')}`,
    dataType,
    options: null,
    sourceType,
    isActive: true,
    createdAt: '2026-01-05T10:00:00.000Z',
  }
}
