// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { ClientView } from '@common/clients.ts'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toaster.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { useClients } from '@/features/clients/api/get-clients.ts'
import { AddClientDialog } from '@/features/clients/components/add-client-dialog.tsx'
import { createQueryClient } from '@/lib/query-client.ts'
import { type ApiTestServer, startApiTestServer, type TestReply } from '@/testing/api-test-server.ts'
import { clientView } from '@/testing/client-view.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  act(() => dismissToast())
  cleanup()
  vi.useRealTimers()
  await server?.close()
  server = undefined
})

/** The dialog next to a client list that counts its loads, as the Clients page has it. */
function Harness() {
  const [open, setOpen] = useState(true)
  const clients = useClients()
  return (
    <>
      <p data-testid="list">{clients.data?.map((c) => c.clientId).join(',') ?? 'loading'}</p>
      <p data-testid="open">{open ? 'open' : 'closed'}</p>
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
      <AddClientDialog open={open} onOpenChange={setOpen} />
    </>
  )
}

async function renderDialog(createReply: (body: Record<string, unknown>) => TestReply) {
  const stored: ClientView[] = []
  server = await startApiTestServer({
    'GET /api/clients': () => ({ json: stored }),
    'GET /api/stats': () => ({ json: {} }),
    'POST /api/clients': (req) => {
      const body = JSON.parse(req.body) as Record<string, unknown>
      const reply = createReply(body)
      if ((reply.status ?? 200) < 300) stored.push(reply.json as ClientView)
      return reply
    },
  })
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness />
      <Toaster />
    </QueryClientProvider>,
  )
  await waitFor(() => expect(screen.getByTestId('list')).toHaveTextContent(''))
  return userEvent.setup()
}

const created = (body: Record<string, unknown>): TestReply => ({
  status: 201,
  json: clientView({ clientId: String(body.clientId), name: String(body.name) }),
})

const createCalls = () => server!.requests.filter((r) => r.method === 'POST' && r.url === '/api/clients')
const listLoads = () => server!.requests.filter((r) => r.method === 'GET' && r.url === '/api/clients')

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { name?: string; id?: string; email?: string },
) {
  if (values.name) await user.type(screen.getByLabelText('Client Name'), values.name)
  if (values.id) await user.type(screen.getByLabelText('Client ID'), values.id)
  if (values.email) await user.type(screen.getByLabelText('Contact Email'), values.email)
}

describe('Add New Client dialog (docs/spec/dashboard-spec.md §2.4, §4, §8)', () => {
  it('shows the title, description, fields, Next Steps and buttons', async () => {
    await renderDialog(created)
    expect(screen.getByRole('heading', { name: 'Add New Client' })).toBeInTheDocument()
    expect(screen.getByText('Create a new client to enable Yelp-GoHighLevel integration')).toBeInTheDocument()
    expect(screen.getByLabelText('Contact Email')).toHaveAttribute('type', 'email')
    expect(screen.getByText('Next Steps')).toBeInTheDocument()
    expect(screen.getByText(/send them its onboarding link/)).toHaveTextContent(
      'LeadRelay does not email it for you.',
    )
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled()
    expect(screen.getByRole('button', { name: 'Create Client' })).toBeEnabled()
  })

  it.each([
    { values: {}, messages: ['Client name is required', 'Client ID is required'] },
    {
      values: { name: 'Acme', id: 'acme roofing' },
      messages: ['Client ID may contain only letters, digits, - and _ (no spaces)'],
    },
    { values: { name: 'Acme', id: 'acme', email: 'not-an-email' }, messages: ['Invalid email address'] },
  ])('refuses $values with the schema messages and sends nothing', async ({ values, messages }) => {
    const user = await renderDialog(created)
    await fill(user, values)
    await user.click(screen.getByRole('button', { name: 'Create Client' }))
    for (const message of messages) expect(await screen.findByText(message)).toBeInTheDocument()
    expect(createCalls()).toHaveLength(0)
  })

  it('creates the client, says so, closes, resets, and refreshes the list after 500 ms', async () => {
    const user = await renderDialog(created)
    const loadsBefore = listLoads().length
    await fill(user, { name: 'Acme Roofing', id: 'acme-roofing', email: 'owner@acme.test' })
    await user.click(screen.getByRole('button', { name: 'Create Client' }))

    expect(await screen.findByText('Client created successfully')).toBeInTheDocument()
    expect(screen.getByText('Acme Roofing has been added successfully!')).toBeInTheDocument()
    expect(screen.getByTestId('open')).toHaveTextContent('closed')
    expect(JSON.parse(createCalls()[0]!.body)).toEqual({
      clientId: 'acme-roofing',
      name: 'Acme Roofing',
      email: 'owner@acme.test',
    })
    // Not at once: the spec's 500 ms delay, then the list shows the new client.
    expect(listLoads()).toHaveLength(loadsBefore)
    await waitFor(() => expect(screen.getByTestId('list')).toHaveTextContent('acme-roofing'), {
      timeout: 2000,
    })
    expect(listLoads()).toHaveLength(loadsBefore + 1)

    await user.click(screen.getByRole('button', { name: 'reopen' }))
    expect(screen.getByLabelText('Client Name')).toHaveValue('')
    expect(screen.getByLabelText('Client ID')).toHaveValue('')
  })

  it('sends a blank email as null', async () => {
    const user = await renderDialog(created)
    await fill(user, { name: 'Acme', id: 'acme' })
    await user.click(screen.getByRole('button', { name: 'Create Client' }))
    await screen.findByText('Client created successfully')
    expect(JSON.parse(createCalls()[0]!.body)).toEqual({ clientId: 'acme', name: 'Acme', email: null })
  })

  it.each([
    {
      name: 'a taken clientId (409)',
      reply: { status: 409, json: { error: 'Client ID acme already exists' } },
      title: 'Failed to create client',
      description: 'Client ID acme already exists',
    },
    {
      name: 'a failure without a message',
      reply: { status: 500, text: '' },
      title: 'Failed to create client',
      description: 'An error occurred while creating the client',
    },
    {
      name: 'an ended session (401)',
      reply: { status: 401, json: { error: 'Not signed in' } },
      title: 'Session issue detected',
      description: 'Please try again. If the problem persists, refresh the page and log in again.',
    },
  ])('reports $name and keeps the dialog open', async ({ reply, title, description }) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const user = await renderDialog(() => reply)
    await fill(user, { name: 'Acme', id: 'acme' })
    await user.click(screen.getByRole('button', { name: 'Create Client' }))
    expect(await screen.findByText(title, { selector: '[data-slot="toast-title"]' })).toBeInTheDocument()
    expect(screen.getByText(description, { selector: '[data-slot="toast-description"]' })).toBeInTheDocument()
    expect(screen.getByTestId('open')).toHaveTextContent('open')
    expect(screen.getByLabelText('Client ID')).toHaveValue('acme')
  })

  it('shows a taken Client ID at the field and keeps the focus in the dialog', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const user = await renderDialog(() => ({ status: 409, json: { error: 'Client ID acme already exists' } }))
    await fill(user, { name: 'Acme', id: 'acme' })
    await user.click(screen.getByRole('button', { name: 'Create Client' }))
    const clientId = screen.getByLabelText('Client ID')
    await waitFor(() => expect(clientId).toHaveAttribute('aria-invalid', 'true'))
    expect(
      screen.getByText('Client ID acme already exists', { selector: '#client-id-error' }),
    ).toBeInTheDocument()
    expect(clientId).toHaveFocus()
  })

  it('Cancel closes the dialog and resets the form', async () => {
    const user = await renderDialog(created)
    await fill(user, { name: 'Half typed' })
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByTestId('open')).toHaveTextContent('closed')
    await user.click(screen.getByRole('button', { name: 'reopen' }))
    expect(screen.getByLabelText('Client Name')).toHaveValue('')
    expect(createCalls()).toHaveLength(0)
  })
})
