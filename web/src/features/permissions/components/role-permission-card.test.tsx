// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { DEFAULT_ROLE_PERMISSIONS, type Permissions } from '@common/permissions.ts'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { Toaster } from '@/components/ui/toaster.tsx'
import { TooltipProvider } from '@/components/ui/tooltip.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { PermissionsManagement } from '@/features/permissions/components/permissions-management.tsx'
import { createQueryClient } from '@/lib/query-client.ts'
import { type ApiTestServer, startApiTestServer, type TestRoutes } from '@/testing/api-test-server.ts'

// These tests make real HTTP calls and wait for refetches: allow for a loaded machine.
configure({ asyncUtilTimeout: 4000 })
let server: ApiTestServer | undefined

afterEach(async () => {
  act(() => dismissToast())
  cleanup()
  await server?.close()
  server = undefined
})

async function renderAs(permissions: Permissions, routes: TestRoutes = {}) {
  server = await startApiTestServer({
    'GET /api/permissions/roles': () => ({ json: DEFAULT_ROLE_PERMISSIONS }),
    'GET /api/audit': () => ({ json: [] }),
    ...routes,
  })
  const saved: string[] = []
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TooltipProvider>
        <PermissionsManagement permissions={permissions} onRoleSaved={(r) => saved.push(r)} />
      </TooltipProvider>
      <Toaster />
    </QueryClientProvider>,
  )
  await screen.findByRole('region', { name: 'viewer' })
  return { user: userEvent.setup(), saved }
}

const roleCard = (role: string) => within(screen.getByRole('region', { name: role }))
const count = (role: string) => roleCard(role).getByTestId('enabled-count').textContent

describe('Role & Permissions cards (docs/spec/dashboard-spec.md §2.10)', () => {
  it('shows one card per role with its count and the five groups', async () => {
    await renderAs(DEFAULT_ROLE_PERMISSIONS.admin)
    const cards = screen.getAllByRole('region').filter((region) => region.querySelector('h3'))
    expect(cards.map((r) => r.querySelector('h3')?.textContent)).toEqual([
      'admin',
      'manager',
      'operator',
      'viewer',
    ])
    expect([count('admin'), count('manager'), count('operator'), count('viewer')]).toEqual([
      '21/21',
      '16/21',
      '6/21',
      '4/21',
    ])
    for (const group of [
      'Client Management',
      'User Management',
      'Message & Communication',
      'System & Monitoring',
      'Permissions Management',
    ]) {
      expect(roleCard('viewer').getByText(group)).toBeInTheDocument()
    }
    expect(roleCard('viewer').getAllByRole('switch')).toHaveLength(21)
    expect(roleCard('viewer').getByRole('switch', { name: 'View users' })).toBeDisabled()
    expect(screen.getByText('The admin role should keep all permissions.')).toBeInTheDocument()
  })

  it('edits a draft: the count follows it, Cancel drops it and sends nothing', async () => {
    const { user } = await renderAs(DEFAULT_ROLE_PERMISSIONS.admin)
    await user.click(roleCard('viewer').getByRole('button', { name: 'Edit' }))
    const viewUsers = roleCard('viewer').getByRole('switch', { name: 'View users' })
    expect(viewUsers).toBeEnabled()
    await user.click(viewUsers)
    expect(viewUsers).toBeChecked()
    expect(count('viewer')).toBe('5/21')
    expect(roleCard('viewer').getByText('1 unsaved change')).toBeInTheDocument()
    await user.click(roleCard('viewer').getByRole('button', { name: 'Cancel' }))
    expect(count('viewer')).toBe('4/21')
    expect(roleCard('viewer').getByRole('switch', { name: 'View users' })).not.toBeChecked()
    expect(server?.requests.some((r) => r.method === 'PUT')).toBe(false)
  })

  it('Save sends the whole draft, then shows the saved values', async () => {
    const { user, saved } = await renderAs(DEFAULT_ROLE_PERMISSIONS.admin, {
      'PUT /api/permissions/roles/viewer': (req) => ({
        json: { role: 'viewer', permissions: (JSON.parse(req.body) as { permissions: unknown }).permissions },
      }),
    })
    await user.click(roleCard('viewer').getByRole('button', { name: 'Edit' }))
    await user.click(roleCard('viewer').getByRole('switch', { name: 'View users' }))
    await user.click(roleCard('viewer').getByRole('switch', { name: 'View clients' }))
    await user.click(roleCard('viewer').getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Permissions updated')).toBeInTheDocument()
    const put = server?.requests.find((r) => r.method === 'PUT')
    expect(JSON.parse(put?.body ?? '{}')).toEqual({
      permissions: { ...DEFAULT_ROLE_PERMISSIONS.viewer, canViewUsers: true, canViewClients: false },
    })
    await waitFor(() =>
      expect(roleCard('viewer').queryByRole('button', { name: 'Save' })).not.toBeInTheDocument(),
    )
    expect(count('viewer')).toBe('4/21')
    expect(saved).toEqual(['viewer'])
  })

  it("keeps the draft and shows the server's reason when saving fails", async () => {
    const { user } = await renderAs(DEFAULT_ROLE_PERMISSIONS.admin, {
      'PUT /api/permissions/roles/viewer': () => ({ status: 500, json: { error: 'Database unavailable' } }),
    })
    await user.click(roleCard('viewer').getByRole('button', { name: 'Edit' }))
    await user.click(roleCard('viewer').getByRole('switch', { name: 'View users' }))
    await user.click(roleCard('viewer').getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Failed to update permissions')).toBeInTheDocument()
    expect(screen.getByText('Database unavailable')).toBeInTheDocument()
    expect(count('viewer')).toBe('5/21')
    expect(roleCard('viewer').getByRole('button', { name: 'Save' })).toBeEnabled()
  })

  it('keeps the admin role guards locked while editing', async () => {
    const { user } = await renderAs(DEFAULT_ROLE_PERMISSIONS.admin)
    await user.click(roleCard('admin').getByRole('button', { name: 'Edit' }))
    expect(roleCard('admin').getByRole('switch', { name: 'Edit role permissions' })).toBeDisabled()
    expect(roleCard('admin').getByRole('switch', { name: 'Open Role & Permissions' })).toBeDisabled()
    expect(roleCard('admin').getByRole('switch', { name: 'Edit users' })).toBeEnabled()
  })

  it('a manager sees the cards read-only, with the Recent changes list', async () => {
    await renderAs(DEFAULT_ROLE_PERMISSIONS.manager)
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument()
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument()
  })

  it('shows no Recent changes list without canViewLogs', async () => {
    await renderAs({ ...DEFAULT_ROLE_PERMISSIONS.manager, canViewLogs: false })
    expect(screen.queryByText('Recent changes')).not.toBeInTheDocument()
    expect(server?.requests.some((r) => r.url.startsWith('/api/audit'))).toBe(false)
  })
})
