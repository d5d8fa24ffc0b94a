// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { DEFAULT_ROLE_PERMISSIONS, type Role } from '@common/permissions.ts'
import type { ListedUser } from '@common/users.ts'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { Toaster } from '@/components/ui/toaster.tsx'
import { TooltipProvider } from '@/components/ui/tooltip.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { UserManagement } from '@/features/users/components/user-management.tsx'
import { createQueryClient } from '@/lib/query-client.ts'
import { type ApiTestServer, startApiTestServer, type TestRoutes } from '@/testing/api-test-server.ts'
import { clientView } from '@/testing/client-view.ts'

// These tests make real HTTP calls and wait for refetches: allow for a loaded machine.
configure({ asyncUtilTimeout: 4000 })
let server: ApiTestServer | undefined

afterEach(async () => {
  act(() => dismissToast())
  cleanup()
  await server?.close()
  server = undefined
})

function listedUser(id: number, username: string, fields: Partial<ListedUser> = {}): ListedUser {
  return {
    id,
    username,
    email: null,
    firstName: null,
    lastName: null,
    role: 'viewer',
    isActive: true,
    lastLogin: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    clientAssignments: [],
    ...fields,
  }
}

const USERS = [
  listedUser(1, 'admin', { role: 'admin' }),
  listedUser(2, 'olivia', {
    firstName: 'Olivia',
    lastName: 'Stone',
    role: 'operator',
    clientAssignments: [{ clientId: 'acme', client: { name: 'Acme Plumbing' } }],
  }),
  listedUser(3, 'vic', { isActive: false }),
]

async function renderAs(role: Role, routes: TestRoutes = {}, currentUserRole?: Role) {
  server = await startApiTestServer({ 'GET /api/users': () => ({ json: USERS }), ...routes })
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <UserManagement
          permissions={DEFAULT_ROLE_PERMISSIONS[role]}
          currentUserId={1}
          currentUserRole={currentUserRole}
        />
      </TooltipProvider>
      <Toaster />
    </QueryClientProvider>,
  )
  await screen.findByRole('heading', { name: 'Olivia Stone' })
  return userEvent.setup()
}

const card = (name: string) => screen.getByRole('article', { name })

describe('UserManagement (docs/spec/dashboard-spec.md §2.9)', () => {
  it('offers no action on a user whose role is above the signed-in one (issue 11 §1)', async () => {
    await renderAs('manager', {}, 'manager')
    expect(within(card('admin')).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
    expect(within(card('admin')).queryByRole('button', { name: /Assign/ })).not.toBeInTheDocument()
    expect(within(card('Olivia Stone')).getByRole('button', { name: /Edit/ })).toBeInTheDocument()
  })

  it('shows a card per user with avatar, name, role badge, Inactive badge and assigned clients', async () => {
    await renderAs('admin')
    expect(screen.getAllByRole('article')).toHaveLength(3)
    const olivia = within(card('Olivia Stone'))
    expect(olivia.getByTestId('user-avatar')).toHaveTextContent('OS')
    expect(olivia.getByText('@olivia')).toBeInTheDocument()
    expect(olivia.getByTestId('role-badge')).toHaveTextContent('operatorView ClientsSend Messages')
    expect(olivia.getByText('Acme Plumbing')).toBeInTheDocument()
    expect(olivia.queryByText('Inactive')).not.toBeInTheDocument()
    expect(within(card('vic')).getByText('Inactive')).toBeInTheDocument()
    expect(within(card('admin')).getByText('You')).toBeInTheDocument()
  })

  it.each([
    { role: 'admin' as const, add: true, actions: ['Assign', 'Edit', 'Delete'], unassign: true },
    { role: 'manager' as const, add: true, actions: ['Assign', 'Edit'], unassign: true },
    { role: 'operator' as const, add: false, actions: [], unassign: false },
  ])('offers $role only the actions its permissions allow', async ({ role, add, actions, unassign }) => {
    await renderAs(role)
    expect(screen.queryByRole('button', { name: 'Add User' }) !== null).toBe(add)
    const buttons = within(card('Olivia Stone'))
      .queryAllByRole('button')
      .map((button) => button.textContent)
      .filter((text) => text !== '')
    expect(buttons).toEqual(actions)
    expect(screen.queryByRole('button', { name: 'Unassign Acme Plumbing' }) !== null).toBe(unassign)
  })

  it('does not let the signed-in user delete their own account', async () => {
    await renderAs('admin')
    expect(within(card('admin')).getByRole('button', { name: 'Delete' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    expect(within(card('vic')).getByRole('button', { name: 'Delete' })).not.toHaveAttribute('aria-disabled')
  })

  it('unassigns a client with the x action and says so', async () => {
    const user = await renderAs('admin', {
      'DELETE /api/users/2/clients/acme': () => ({ json: { ok: true } }),
    })
    await user.click(screen.getByRole('button', { name: 'Unassign Acme Plumbing' }))
    expect(await screen.findByText('Client unassigned')).toBeInTheDocument()
    expect(server?.requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      '/api/users/2/clients/acme',
    ])
  })

  it("reports a failed unassign with the server's message", async () => {
    const user = await renderAs('admin', {
      'DELETE /api/users/2/clients/acme': () => ({ status: 404, json: { error: 'Client acme not found' } }),
    })
    await user.click(screen.getByRole('button', { name: 'Unassign Acme Plumbing' }))
    expect(await screen.findByText('Error', { selector: '[data-slot="toast-title"]' })).toBeInTheDocument()
    expect(screen.getByText('Client acme not found')).toBeInTheDocument()
  })

  it('deletes a user after confirmation', async () => {
    let deleted = false
    const user = await renderAs('admin', {
      'DELETE /api/users/3': () => {
        deleted = true
        return { json: { ok: true } }
      },
    })
    await user.click(within(card('vic')).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(deleted).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }))
    expect(await screen.findByText('User deleted')).toBeInTheDocument()
    expect(deleted).toBe(true)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
  })
})

describe('Assign dialog (docs/spec/dashboard-spec.md §5 "Client assignment", §6)', () => {
  const CLIENTS = [
    clientView({ id: 1, clientId: 'bravo', name: 'Bravo Roofing' }),
    clientView({ id: 2, clientId: 'acme', name: 'Acme Plumbing' }),
    clientView({ id: 3, clientId: 'delta', name: 'Delta Dental' }),
  ]

  it('requires a client, then posts one assignment per picked client', async () => {
    const user = await renderAs('admin', {
      'GET /api/clients': () => ({ json: CLIENTS }),
      'POST /api/users/2/clients/bravo': () => ({ json: { ok: true } }),
      'POST /api/users/2/clients/delta': () => ({ json: { ok: true } }),
    })
    await user.click(within(card('Olivia Stone')).getByRole('button', { name: 'Assign' }))
    const dialog = within(await screen.findByRole('dialog'))
    await dialog.findByText('Bravo Roofing')
    expect(dialog.getAllByRole('checkbox').map((box) => box.id)).toEqual([
      'assign-client-acme',
      'assign-client-bravo',
      'assign-client-delta',
    ])
    // Already assigned: ticked and locked.
    expect(dialog.getByRole('checkbox', { name: /Acme Plumbing/ })).toBeChecked()
    expect(dialog.getByRole('checkbox', { name: /Acme Plumbing/ })).toBeDisabled()

    await user.click(dialog.getByRole('button', { name: 'Assign Clients' }))
    expect(await dialog.findByText('Select at least one client')).toBeInTheDocument()

    await user.click(dialog.getByRole('checkbox', { name: /Bravo Roofing/ }))
    await user.click(dialog.getByRole('checkbox', { name: /Delta Dental/ }))
    await user.click(dialog.getByRole('button', { name: 'Assign Clients' }))
    expect(await screen.findByText('Client assignments updated')).toBeInTheDocument()
    const posts = server?.requests.filter((r) => r.method === 'POST') ?? []
    expect(posts.map((r) => r.url).sort()).toEqual([
      '/api/users/2/clients/bravo',
      '/api/users/2/clients/delta',
    ])
    expect(posts.map((r) => JSON.parse(r.body))).toEqual([{ permissions: {} }, { permissions: {} }])
  })

  it('says so when the client list is not available', async () => {
    const user = await renderAs('admin')
    await user.click(within(card('Olivia Stone')).getByRole('button', { name: 'Assign' }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(await dialog.findByText('The client list is not available yet.')).toBeInTheDocument()
    expect(dialog.getByRole('button', { name: 'Assign Clients' })).toBeDisabled()
  })

  it("reports a failed assignment with the server's message", async () => {
    const user = await renderAs('admin', {
      'GET /api/clients': () => ({ json: CLIENTS }),
      'POST /api/users/2/clients/bravo': () => ({ status: 404, json: { error: 'Client bravo not found' } }),
    })
    await user.click(within(card('Olivia Stone')).getByRole('button', { name: 'Assign' }))
    const dialog = within(await screen.findByRole('dialog'))
    await user.click(await dialog.findByRole('checkbox', { name: /Bravo Roofing/ }))
    await user.click(dialog.getByRole('button', { name: 'Assign Clients' }))
    expect(await screen.findByText('Client bravo not found')).toBeInTheDocument()
    expect(screen.getByText('Error', { selector: '[data-slot="toast-title"]' })).toBeInTheDocument()
  })
})
