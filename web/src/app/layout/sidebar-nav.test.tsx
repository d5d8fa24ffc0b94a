// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { Role } from '@common/permissions.ts'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SidebarNav } from '@/app/layout/sidebar-nav.tsx'
import { AuthProvider } from '@/features/auth/components/auth-provider.tsx'
import { createQueryClient } from '@/lib/query-client.ts'
import { type ApiTestServer, startApiTestServer } from '@/testing/api-test-server.ts'
import { sessionUser } from '@/testing/session-user.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  cleanup()
  await server?.close()
  server = undefined
})

async function renderNavAs(role: Role) {
  server = await startApiTestServer({
    'GET /api/auth/me': () => ({ json: { user: sessionUser('pat', role) } }),
  })
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <SidebarNav />
      </AuthProvider>
    </QueryClientProvider>,
  )
  await screen.findByText('pat')
  return within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent)
}

describe('SidebarNav (docs/spec/dashboard-spec.md §2.1)', () => {
  it.each([
    {
      role: 'admin' as const,
      items: [
        'Dashboard',
        'Clients',
        'Users',
        'Permissions',
        'Lead Inbox',
        'Message Logs',
        'Webhooks',
        // Beyond the spec's sidebar: the alert history (docs/spec/product.md §9.3).
        'Alerts',
        'Settings',
      ],
    },
    {
      role: 'manager' as const,
      items: ['Dashboard', 'Clients', 'Users', 'Lead Inbox', 'Message Logs', 'Webhooks', 'Alerts'],
    },
    { role: 'viewer' as const, items: ['Dashboard', 'Clients', 'Lead Inbox', 'Message Logs', 'Alerts'] },
  ])('shows $role the items its permissions allow, in order', async ({ role, items }) => {
    expect(await renderNavAs(role)).toEqual(items)
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument()
  })

  it('marks the current screen', async () => {
    await renderNavAs('admin')
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Clients' })).not.toHaveAttribute('aria-current')
  })
})
