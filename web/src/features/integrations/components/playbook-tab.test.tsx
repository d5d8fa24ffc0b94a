// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { Lead } from '@common/leads.ts'
import { DEFAULT_PLAYBOOK, type Playbook } from '@common/playbook.ts'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { PlaybookTab } from '@/features/integrations/components/playbook-tab.tsx'
import { type ApiTestServer, startApiTestServer, type TestReply } from '@/testing/api-test-server.ts'
import { clientView } from '@/testing/client-view.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  vi.restoreAllMocks()
  act(() => dismissToast())
  cleanup()
  await server?.close()
  server = undefined
})

const CLIENT = clientView({ clientId: 'acme-roofing', name: 'Acme Roofing' })
const PLAYBOOK_URL = '/api/clients/acme-roofing/playbook'

function newestLead(): Lead {
  return {
    id: 7,
    leadId: 'lead-7',
    clientId: 'acme-roofing',
    clientName: 'Acme Roofing',
    businessId: null,
    status: 'new',
    userDisplayName: 'Maria Lopez',
    conversationId: null,
    temporaryEmailAddress: null,
    timeCreated: '2026-11-01T00:00:00.000Z',
    lastEventTime: '2026-11-01T00:00:00.000Z',
    lastMessage: 'inbound',
    userData: {},
    projectData: { job_names: ['Gutter cleaning'] },
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
    waitingSince: '2026-11-01T00:00:00.000Z',
    opportunityId: null,
    statusChangedInGhlAt: null,
  }
}

async function renderTab({
  playbook = DEFAULT_PLAYBOOK,
  leads = [] as Lead[],
  leadsStatus = 200,
  save = (body: string): TestReply => ({ json: JSON.parse(body) }),
  isAiEnabled = false,
} = {}) {
  server = await startApiTestServer({
    'GET /api/health': () => ({ json: { status: 'ok', ai: { enabled: isAiEnabled } } }),
    [`GET ${PLAYBOOK_URL}`]: () => ({ json: playbook }),
    [`PUT ${PLAYBOOK_URL}`]: (req) => save(req.body),
    'GET /api/leads': () =>
      leadsStatus === 200
        ? { json: leads }
        : { status: leadsStatus, json: { error: 'canViewMessages is required' } },
  })
  render(
    <AppProvider>
      <PlaybookTab client={CLIENT} />
    </AppProvider>,
  )
  await screen.findByRole('form', { name: 'Response playbook' })
  // The AI flag (GET /api/health) lands before the test acts, so no request is cut off at its end.
  await waitFor(() => expect(server!.requests.some((r) => r.url === '/api/health')).toBe(true))
  await new Promise((resolve) => setTimeout(resolve, 50))
  return userEvent.setup()
}

const puts = () => server!.requests.filter((r) => r.method === 'PUT')

describe('Response playbook tab (docs/spec/product.md §9.2)', () => {
  it('asks for the newest lead of the client and previews each template for it', async () => {
    const user = await renderTab({ leads: [newestLead()] })
    expect(server!.requests.map((r) => r.url)).toContain(
      '/api/leads?clientId=acme-roofing&limit=1&sort=activity',
    )
    expect(screen.getByTestId('playbook-preview-source')).toHaveTextContent('the newest lead, Maria Lopez')
    await user.type(
      screen.getByLabelText('In business hours'),
      'Hi {{firstName}, {{jobType} at {{businessName}!',
    )
    expect(screen.getByTestId('playbook-in-hours-preview')).toHaveTextContent(
      'Hi Maria, Gutter cleaning at Acme Roofing!',
    )
  })

  it('previews a sample customer when the client has no lead yet', async () => {
    const user = await renderTab()
    expect(screen.getByTestId('playbook-preview-source')).toHaveTextContent('this client has no lead yet')
    await user.type(screen.getByLabelText('In business hours'), 'Hi {{name}')
    expect(screen.getByTestId('playbook-in-hours-preview')).toHaveTextContent('Hi Jordan Smith')
  })

  it('previews a sample customer, without claiming there is no lead, for a role that cannot read leads', async () => {
    await renderTab({ leadsStatus: 403 })
    expect(screen.getByTestId('playbook-preview-source')).toHaveTextContent(
      'Previews are written for a sample lead (Jordan Smith, Roof repair).',
    )
  })

  it('inserts a placeholder where the cursor is', async () => {
    const user = await renderTab()
    const box = screen.getByLabelText('In business hours')
    await user.type(box, 'Hi !')
    await user.click(box)
    ;(box as HTMLTextAreaElement).setSelectionRange(3, 3)
    await user.click(screen.getAllByRole('button', { name: '{firstName}' })[0]!)
    expect(box).toHaveValue('Hi {firstName}!')
  })

  it('shows the unknown-placeholder message under the template and sends nothing', async () => {
    const user = await renderTab()
    await user.type(screen.getByLabelText('In business hours'), 'Hi {{first}!')
    await user.click(screen.getByRole('button', { name: 'Save playbook' }))
    expect(
      await screen.findByText(
        'unknown placeholder {first} (use {firstName}, {name}, {jobType}, {businessName})',
      ),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('In business hours')).toHaveAttribute('aria-invalid', 'true')
    expect(puts()).toHaveLength(0)
  })

  it('shows the schema message under a day whose opening ends before it starts', async () => {
    const user = await renderTab()
    const to = screen.getByLabelText('Monday opening 1 to')
    await user.clear(to)
    await user.type(to, '07:00')
    await user.click(screen.getByRole('button', { name: 'Save playbook' }))
    expect(await screen.findByText('must end after it starts')).toBeInTheDocument()
    expect(puts()).toHaveLength(0)
  })

  it('saves the parsed playbook: trimmed timezone, hours, first reply and a follow-up', async () => {
    const user = await renderTab()
    const zone = screen.getByLabelText('Timezone')
    await user.clear(zone)
    await user.type(zone, ' America/Denver ')
    await user.click(screen.getByRole('button', { name: 'Add hours on Saturday' }))
    await user.click(screen.getByRole('switch', { name: /Answer every new lead/ }))
    await user.type(screen.getByLabelText('In business hours'), 'Hi {{firstName}!')
    const delay = screen.getByLabelText('Delay (seconds)')
    await user.clear(delay)
    await user.type(delay, '30')
    await user.click(screen.getByRole('button', { name: /Add follow-up/ }))
    await user.type(screen.getByLabelText('Follow-up 1 text'), 'Still need a hand?')
    await user.click(screen.getByRole('button', { name: 'Save playbook' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    const expected: Playbook = {
      ...DEFAULT_PLAYBOOK,
      timezone: 'America/Denver',
      // Every day, a closed one as an empty list (§9.2: the same as leaving it out).
      businessHours: { ...DEFAULT_PLAYBOOK.businessHours, sat: [['08:00', '18:00']], sun: [] },
      firstReply: {
        ...DEFAULT_PLAYBOOK.firstReply,
        enabled: true,
        delaySeconds: 30,
        inHours: 'Hi {firstName}!',
      },
      followUps: [{ afterMinutes: 60, text: 'Still need a hand?' }],
    }
    expect(JSON.parse(puts()[0]!.body)).toEqual(expected)
    expect(await screen.findByText('Playbook saved')).toBeInTheDocument()
  })

  it("shows the server's 400 under the field it names and above Save", async () => {
    const user = await renderTab({
      save: () => ({
        status: 400,
        json: { error: 'timezone: must be an IANA timezone such as America/Los_Angeles' },
      }),
    })
    await user.click(screen.getByRole('button', { name: 'Save playbook' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'timezone: must be an IANA timezone such as America/Los_Angeles',
    )
    expect(screen.getByLabelText('Timezone')).toHaveAttribute('aria-invalid', 'true')
    expect(
      screen.getAllByText('must be an IANA timezone such as America/Los_Angeles').length,
    ).toBeGreaterThan(0)
    expect(await screen.findByText('Failed to save the playbook')).toBeInTheDocument()
  })

  it('says which first-reply text a customer writing now gets', async () => {
    const allDay = {
      ...DEFAULT_PLAYBOOK,
      businessHours: Object.fromEntries(
        (['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const).map((d) => [d, [['00:00', '24:00']]]),
      ),
    } satisfies Playbook
    await renderTab({ playbook: allDay })
    expect(screen.getByTestId('playbook-moment-note')).toHaveTextContent('would get the in-hours text')
    cleanup()
    await server?.close()
    await renderTab({ playbook: { ...DEFAULT_PLAYBOOK, businessHours: {} } })
    expect(screen.getByTestId('playbook-moment-note')).toHaveTextContent(
      'would get the after-hours text. It is empty, so the in-hours text is sent.',
    )
  })

  it('says how to enable AI-written replies when the server has no model, and offers only the texts', async () => {
    await renderTab()
    expect(await screen.findByTestId('playbook-ai-off')).toHaveTextContent('set AI_BASE_URL')
    expect(screen.getByTestId('playbook-source-note')).toHaveTextContent('set AI_BASE_URL and AI_MODEL')
    expect(screen.getByRole('combobox', { name: 'Written by' })).toBeDisabled()
  })

  it('offers AI as the first reply’s writer when the server has a model, and saves it with the profile', async () => {
    const user = await renderTab({ isAiEnabled: true })
    await waitFor(() =>
      expect(screen.getByTestId('playbook-source-note')).toHaveTextContent(
        'Choose AI to have each first reply',
      ),
    )
    expect(screen.queryByTestId('playbook-ai-off')).not.toBeInTheDocument()
    await user.click(screen.getByRole('combobox', { name: 'Written by' }))
    await user.click(await screen.findByRole('option', { name: 'AI, from the lead’s words' }))
    await user.type(screen.getByLabelText('Business profile'), 'Roofers in Oakland.')
    await user.click(screen.getByRole('button', { name: /Save/ }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    const saved = JSON.parse(puts()[0]!.body) as Playbook
    expect(saved.firstReply.source).toBe('ai')
    expect(saved.profile).toBe('Roofers in Oakland.')
    expect(saved.allowContactDetails).toBe(false)
  })

  it('warns, without refusing, when a rendered text has two periods in a row or an empty placeholder', async () => {
    const lead = { ...newestLead(), userDisplayName: null, projectData: { job_names: ['Roof repair.'] } }
    const user = await renderTab({ leads: [lead] })
    await user.type(screen.getByLabelText('In business hours'), 'Hi {{firstName}, about {{jobType}.')
    const warnings = screen.getByTestId('playbook-in-hours-warnings')
    expect(warnings).toHaveTextContent('{firstName} is empty for this lead, so the text reads with a gap')
    expect(warnings).toHaveTextContent('Two periods in a row: "repair.."')
    await user.click(screen.getByRole('switch', { name: /Answer every new lead/ }))
    await user.click(screen.getByRole('button', { name: 'Save playbook' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
  })

  it('shows no warning for a text that reads cleanly', async () => {
    const user = await renderTab({ leads: [newestLead()] })
    await user.type(screen.getByLabelText('In business hours'), 'Hi {{firstName}, about {{jobType}...')
    expect(screen.getByTestId('playbook-in-hours-preview')).toBeInTheDocument()
    expect(screen.queryByTestId('playbook-in-hours-warnings')).not.toBeInTheDocument()
  })

  it("offers the browser's timezone while the playbook says UTC, and saves it once chosen", async () => {
    const real = Intl.DateTimeFormat.prototype.resolvedOptions
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...real.call(this), timeZone: 'America/Chicago' }
    })
    const user = await renderTab()
    await user.click(screen.getByRole('button', { name: 'Use America/Chicago' }))
    expect(screen.getByLabelText('Timezone')).toHaveValue('America/Chicago')
    expect(screen.queryByRole('button', { name: 'Use America/Chicago' })).not.toBeInTheDocument()
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save playbook' }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    expect((JSON.parse(puts()[0]!.body) as Playbook).timezone).toBe('America/Chicago')
  })

  it('offers no other timezone once the playbook has one', async () => {
    await renderTab({ playbook: { ...DEFAULT_PLAYBOOK, timezone: 'Europe/Paris' } })
    expect(screen.queryByRole('button', { name: /^Use / })).not.toBeInTheDocument()
  })
})
