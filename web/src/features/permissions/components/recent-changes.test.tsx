// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { AuditEntry } from '@common/users.ts'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RecentChanges } from '@/features/permissions/components/recent-changes.tsx'
import { createQueryClient } from '@/lib/query-client.ts'

// These tests make real HTTP calls and wait for refetches: allow for a loaded machine.
configure({ asyncUtilTimeout: 4000 })
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function roleChange(id: number, flag: string): AuditEntry {
  return {
    id,
    actorUserId: 1,
    actorUsername: 'admin',
    actorAddress: null,
    action: 'role_permissions.update',
    entityType: 'role',
    entityId: 'viewer',
    before: { [flag]: false },
    after: { [flag]: true },
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  }
}

/** GET /api/audit as the server answers it: a page of entries, paging in the headers. */
function stubAuditApi() {
  const urls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url)
      const isSecondPage = url.includes('cursor=2')
      const entries = isSecondPage
        ? [roleChange(1, 'canViewLogs')]
        : [roleChange(3, 'canViewUsers'), roleChange(2, 'canCreateUsers')]
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Total-Count': '3' }
      if (!isSecondPage) headers['X-Next-Cursor'] = '2'
      return new Response(JSON.stringify(entries), { status: 200, headers })
    }),
  )
  return urls
}

describe('Recent changes (docs/spec/product.md §2)', () => {
  it('lists entries newest first with actor, action, change and time, and loads more by cursor', async () => {
    const urls = stubAuditApi()
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RecentChanges />
      </QueryClientProvider>,
    )
    const list = await screen.findByRole('list', { name: 'Recent changes' })
    const rows = () =>
      within(list)
        .getAllByTestId('audit-entry')
        .map((row) => row.textContent)
    expect(rows()).toEqual([
      'admin changed the permissions of the viewer roleViewer may now view users5 minutes ago',
      'admin changed the permissions of the viewer roleViewer may now create users5 minutes ago',
    ])
    expect(screen.getByText('Showing 2 of 3 changes')).toBeInTheDocument()
    expect(urls).toEqual(['/api/audit?limit=20'])

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect(rows()[2]).toContain('Viewer may now view logs and audit trail')
    expect(urls).toEqual(['/api/audit?limit=20', '/api/audit?limit=20&cursor=2'])
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(screen.getByText('Showing 3 of 3 changes')).toBeInTheDocument()
  })
})
