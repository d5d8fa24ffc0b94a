// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
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

async function renderHeader(providers: { yelp: Provider; ghl: Provider }) {
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
      json: { state: 'ok', checkedAt: new Date().toISOString(), checks: [] },
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
  })
})
