// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { HealthCheck } from '@common/stats.ts'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppHeader } from '@/app/layout/app-header.tsx'
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

type Provider = 'configured' | 'not configured'

async function renderHeader(providers: { yelp: Provider; ghl: Provider }, checks: HealthCheck[] = []) {
  server = await startApiTestServer({
    'GET /api/auth/me': () => ({ json: { user: sessionUser('pat', 'admin') } }),
    'GET /api/health': () => ({
      json: {
        status: 'ok',
        database: { kind: 'pglite', reachable: true, latencyMs: 1 },
        alerts: {},
        providers,
        ai: { enabled: false },
      },
    }),
    'GET /api/system-health': () => ({
      json: { state: checks.length ? 'warning' : 'ok', checkedAt: new Date().toISOString(), checks },
    }),
  })
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <AppHeader onOpenMenu={() => {}} />
      </AuthProvider>
    </QueryClientProvider>,
  )
  await screen.findByText('pat')
}

// docs/spec/product.md §5: a provider whose credentials are missing is "not configured" in the UI.
describe('the header’s system indicator', () => {
  it('says "Not configured" on a fresh hub without provider credentials, not "System Online"', async () => {
    await renderHeader({ yelp: 'not configured', ghl: 'not configured' })
    const indicator = await screen.findByTestId('system-indicator')
    await expect.poll(() => indicator.getAttribute('data-state')).toBe('unconfigured')
    expect(indicator).toHaveTextContent('Not configured')
    expect(indicator).not.toHaveTextContent('System Online')
    expect(indicator.getAttribute('title')).toContain('YELP_CLIENT_ID')
    expect(indicator.getAttribute('title')).toContain('GHL_CLIENT_ID')
    // In words under the header too, with where it is fixed.
    const strip = screen.getByRole('region', { name: 'System problems' })
    expect(strip).toHaveTextContent(
      "Yelp not configured — Set YELP_CLIENT_ID and YELP_CLIENT_SECRET in the server's environment, then restart it",
    )
    expect(strip).toHaveTextContent('GHL not configured')
  })

  it('names the one provider missing', async () => {
    await renderHeader({ yelp: 'configured', ghl: 'not configured' })
    const indicator = await screen.findByTestId('system-indicator')
    await expect.poll(() => indicator.getAttribute('data-state')).toBe('unconfigured')
    expect(indicator).toHaveTextContent('GHL not configured')
  })

  it('says "System Online" once both are configured and nothing is wrong', async () => {
    await renderHeader({ yelp: 'configured', ghl: 'configured' })
    const indicator = await screen.findByTestId('system-indicator')
    await expect.poll(() => indicator.getAttribute('data-state')).toBe('online')
    expect(indicator).toHaveTextContent('System Online')
    expect(screen.queryByRole('region', { name: 'System problems' })).not.toBeInTheDocument()
  })

  it('names connections needing re-auth in words, with a link to Clients', async () => {
    await renderHeader({ yelp: 'configured', ghl: 'configured' }, [
      {
        key: 'reauth',
        label: 'Connections needing re-auth',
        state: 'warning',
        detail: 'Acme Roofing (GHL); Bravo (Yelp, GHL)',
        count: 3,
      },
    ])
    const indicator = await screen.findByTestId('system-indicator')
    await expect.poll(() => indicator.getAttribute('data-state')).toBe('degraded')
    expect(indicator).not.toHaveTextContent('System Online')
    const problem = within(await screen.findByRole('region', { name: 'System problems' })).getByRole(
      'listitem',
    )
    expect(problem).toHaveTextContent('3 connections need re-auth — Acme Roofing (GHL); Bravo (Yelp, GHL)')
    expect(within(problem).getByRole('link', { name: 'Reconnect in Clients' })).toHaveAttribute(
      'href',
      '/clients',
    )
  })

  it('counts dead jobs in words, with a link to the Failed jobs card', async () => {
    await renderHeader({ yelp: 'configured', ghl: 'not configured' }, [
      {
        key: 'deadJobs',
        label: 'Dead jobs',
        state: 'warning',
        detail: '1 job failed after the last attempt; retry below',
        count: 1,
      },
    ])
    const strip = await screen.findByRole('region', { name: 'System problems' })
    await within(strip).findByText('1 dead job')
    const items = within(strip).getAllByRole('listitem')
    expect(items.map((item) => item.getAttribute('data-problem'))).toEqual(['unconfigured-ghl', 'deadJobs'])
    expect(items[1]).toHaveTextContent('1 dead job — Failed after their last attempt')
    expect(
      within(items[1] as HTMLElement).getByRole('link', { name: 'Retry in Failed jobs' }),
    ).toHaveAttribute('href', '/#failed-jobs')
    expect(screen.getByTestId('system-indicator')).toHaveAttribute('data-state', 'degraded')
  })
})
