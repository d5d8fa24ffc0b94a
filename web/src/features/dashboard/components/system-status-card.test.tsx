// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SystemStatusCard } from '@/features/dashboard/components/system-status-card.tsx'
import { createQueryClient } from '@/lib/query-client.ts'
import { type ApiTestServer, startApiTestServer } from '@/testing/api-test-server.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  cleanup()
  await server?.close()
  server = undefined
})

type Provider = 'configured' | 'not configured'

async function renderCard(providers: { yelp: Provider; ghl: Provider }) {
  server = await startApiTestServer({
    'GET /api/health': () => ({
      json: {
        status: 'ok',
        database: { kind: 'pglite', reachable: true, latencyMs: 1 },
        alerts: {},
        providers,
        ai: { enabled: false },
      },
    }),
  })
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SystemStatusCard />
    </QueryClientProvider>,
  )
}

describe('System Status card (docs/spec/dashboard-spec.md §2.3, product §5)', () => {
  it('says the OAuth service is not configured while a provider has no app credentials', async () => {
    await renderCard({ yelp: 'configured', ghl: 'not configured' })
    expect(await screen.findByText('Not configured')).toBeInTheDocument()
    expect(screen.queryByText('Online')).toBeNull()
    expect(screen.getAllByText('Active')).toHaveLength(2)
  })

  it('says Online once both providers have their app credentials', async () => {
    await renderCard({ yelp: 'configured', ghl: 'configured' })
    expect(await screen.findByText('Online')).toBeInTheDocument()
  })
})
