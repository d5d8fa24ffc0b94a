// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { ClientView } from '@common/clients.ts'
import type { Role } from '@common/permissions.ts'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { ClientsPage } from '@/app/routes/clients.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { AuthProvider } from '@/features/auth/components/auth-provider.tsx'
import { type ApiTestServer, startApiTestServer, type TestRoutes } from '@/testing/api-test-server.ts'
import { clientView } from '@/testing/client-view.ts'
import { sessionUser } from '@/testing/session-user.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  act(() => dismissToast())
  cleanup()
  await server?.close()
  server = undefined
})

const ACME = clientView({
  clientId: 'acme-roofing',
  name: 'Acme Roofing',
  yelp: {
    connected: true,
    expiresAt: null,
    needsReauth: true,
    reauthReason: null,
    businessId: 'acme-sf',
    webhookSubscribed: true,
    subscription: { state: 'active' as const, checkedAt: null, error: null },
  },
  ghl: {
    connected: false,
    hasApiKey: true,
    expiresAt: null,
    needsReauth: false,
    reauthReason: null,
    locationId: 'Loc1',
  },
  ghlCustomFieldsStatus: 'configured',
  ghlCustomFieldsCount: 6,
})
const BAY = clientView({ clientId: 'bay-plumbing', name: 'Bay Plumbing', id: 2 })

async function renderClients(
  clients: ClientView[],
  { role = 'admin' as Role, routes = {} as TestRoutes } = {},
) {
  let current = clients
  server = await startApiTestServer({
    'GET /api/auth/me': () => ({ json: { user: sessionUser('pat', role) } }),
    'GET /api/clients': () => ({ json: current }),
    ...routes,
  })
  render(
    <AppProvider>
      <AuthProvider>
        <ClientsPage />
      </AuthProvider>
    </AppProvider>,
  )
  if (clients.length > 0) await screen.findByRole('table')
  else await screen.findByText('No clients found')
  return {
    user: userEvent.setup(),
    setClients: (next: ClientView[]) => {
      current = next
    },
  }
}

const table = () => within(screen.getByRole('table'))
const rowOf = (clientId: string) => document.querySelector(`tr[data-client-id="${clientId}"]`) as HTMLElement

describe('Client Management (docs/spec/dashboard-spec.md §2.5)', () => {
  it('lists the clients in the table with the spec columns, badges and status texts', async () => {
    await renderClients([ACME, BAY])
    expect(
      table()
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Client',
      'Yelp Status',
      'GHL Status',
      'Last Activity',
      'Response time',
      'Yelp response time',
      'Auto-reply',
      'Actions',
    ])
    const acme = within(rowOf('acme-roofing'))
    expect(acme.getByText('Acme Roofing')).toBeInTheDocument()
    expect(acme.getByLabelText('Yelp: Connected')).toBeInTheDocument()
    expect(acme.getByText('Needs re-auth')).toBeInTheDocument()
    expect(acme.getByLabelText('GoHighLevel: Disconnected')).toBeInTheDocument()
    expect(acme.getByTestId('custom-fields-status')).toHaveTextContent('Ready (6 fields)')
    expect(acme.getByTestId('custom-fields-status')).toHaveClass('text-green-600')
    const bay = within(rowOf('bay-plumbing'))
    expect(bay.getByLabelText('Yelp: Disconnected')).toBeInTheDocument()
    expect(bay.getByTestId('custom-fields-status')).toHaveTextContent('Not configured')
    expect(bay.getByText('No activity yet')).toBeInTheDocument()
    expect(acme.getByRole('link', { name: 'Open onboarding page for Acme Roofing' })).toHaveAttribute(
      'href',
      ACME.onboardingUrl,
    )
    expect(acme.getByRole('link', { name: 'Open onboarding page for Acme Roofing' })).toHaveAttribute(
      'target',
      '_blank',
    )
    expect(screen.getByText('2 clients · 0 fully connected')).toBeInTheDocument()
  })

  it('says per client whether automatic replies are on, each a link to its Response page', async () => {
    await renderClients([ACME, BAY], {
      routes: {
        'GET /api/playbooks/summary': () => ({
          json: [
            {
              clientId: 'acme-roofing',
              firstReply: { enabled: true, mode: 'auto' },
              followUps: 2,
              followUpMode: 'suggest',
            },
          ],
        }),
      },
    })
    const acme = within(rowOf('acme-roofing'))
    await waitFor(() => expect(acme.getByTestId('automation-state')).toHaveTextContent('On'))
    expect(acme.getByText('First reply sent · 2 follow-ups as drafts')).toBeInTheDocument()
    expect(acme.getByRole('link', { name: /Automatic replies for Acme Roofing: On/ })).toHaveAttribute(
      'href',
      '/clients/acme-roofing/response',
    )
    // A client that never saved a playbook has the defaults: off.
    const bay = within(rowOf('bay-plumbing'))
    expect(bay.getByTestId('automation-state')).toHaveTextContent('Off')
    expect(bay.getByRole('link', { name: /Automatic replies for Bay Plumbing: Off/ })).toBeInTheDocument()
  })

  it('claims neither on nor off while the automation summary cannot be read', async () => {
    await renderClients([ACME], {
      routes: { 'GET /api/playbooks/summary': () => ({ status: 500, json: { error: 'boom' } }) },
    })
    await waitFor(() => expect(server!.requests.some((r) => r.url === '/api/playbooks/summary')).toBe(true))
    expect(within(rowOf('acme-roofing')).queryByTestId('automation-state')).not.toBeInTheDocument()
  })

  it('filters by name or clientId, case-insensitively, with the search empty state', async () => {
    const { user } = await renderClients([ACME, BAY])
    const search = screen.getByPlaceholderText('Search clients...')
    await user.type(search, 'PLUMB')
    expect(rowOf('bay-plumbing')).not.toBeNull()
    expect(rowOf('acme-roofing')).toBeNull()
    await user.clear(search)
    await user.type(search, 'acme-r')
    expect(rowOf('acme-roofing')).not.toBeNull()
    expect(rowOf('bay-plumbing')).toBeNull()
    await user.type(search, 'zzz')
    expect(screen.getByText('No clients found')).toBeInTheDocument()
    expect(screen.getByText('No clients match your search.')).toBeInTheDocument()
  })

  it('invites the first client when there are none', async () => {
    const { user } = await renderClients([])
    expect(screen.getByText('Get started by adding your first client.')).toBeInTheDocument()
    // The toolbar's button and the empty state's both open the dialog.
    const buttons = screen.getAllByRole('button', { name: 'Add Client' })
    expect(buttons).toHaveLength(2)
    await user.click(buttons[1]!)
    expect(await screen.findByRole('heading', { name: 'Add New Client' })).toBeInTheDocument()
  })

  it('tells a viewer with no assigned client so, instead of inviting a first client', async () => {
    await renderClients([], { role: 'viewer' })
    expect(
      screen.getByText(
        'No client is assigned to you yet. Ask an administrator to assign the clients you work on.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText('Get started by adding your first client.')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add Client' })).toBeNull()
  })

  it('shows a viewer the list without the actions its role lacks', async () => {
    await renderClients([ACME], {
      role: 'viewer',
      routes: { 'GET /api/playbooks/summary': () => ({ json: [] }) },
    })
    const acme = within(rowOf('acme-roofing'))
    expect(acme.getByRole('link', { name: /Open onboarding page/ })).toBeInTheDocument()
    // On or off, without a way into the playbook the role may not edit.
    await waitFor(() => expect(acme.getByTestId('automation-state')).toHaveTextContent('Off'))
    expect(acme.queryByRole('link', { name: /Automatic replies/ })).toBeNull()
    expect(acme.queryByRole('button', { name: /Integration setup/ })).toBeNull()
    expect(acme.queryByRole('button', { name: /Refresh tokens/ })).toBeNull()
    expect(acme.queryByRole('button', { name: /Delete/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Configure' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete Client' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add Client' })).toBeNull()
  })

  it('deletes a client after confirmation', async () => {
    const { user, setClients } = await renderClients([ACME, BAY], {
      routes: { 'DELETE /api/clients/bay-plumbing': () => ({ json: { ok: true } }) },
    })
    await user.click(
      await within(rowOf('bay-plumbing')).findByRole('button', { name: 'Delete Bay Plumbing' }),
    )
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByText('Delete Bay Plumbing?')).toBeInTheDocument()
    setClients([ACME])
    await user.click(within(dialog).getByRole('button', { name: 'Delete Client' }))
    expect(await screen.findByText('Client deleted')).toBeInTheDocument()
    await waitFor(() => expect(rowOf('bay-plumbing')).toBeNull())
    expect(server!.requests.some((r) => r.method === 'DELETE' && r.url === '/api/clients/bay-plumbing')).toBe(
      true,
    )
  })

  it('refreshes tokens for real and reports each provider', async () => {
    const { user } = await renderClients([ACME], {
      routes: {
        'POST /api/clients/acme-roofing/refresh-tokens': () => ({
          json: { yelp: { status: 'failed', error: 'invalid_grant' }, ghl: { status: 'not_connected' } },
        }),
      },
    })
    await user.click(
      await within(rowOf('acme-roofing')).findByRole('button', { name: 'Refresh tokens for Acme Roofing' }),
    )
    expect(await screen.findByText('Token refresh failed')).toBeInTheDocument()
    expect(screen.getByText('Yelp: failed (invalid_grant)')).toBeInTheDocument()
    expect(screen.getByText('GoHighLevel: not connected')).toBeInTheDocument()
  })
})
