// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { OnboardingView } from '@common/onboarding.ts'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { OnboardingScreen } from '@/features/onboarding/components/onboarding-screen.tsx'
import { type ApiTestServer, startApiTestServer } from '@/testing/api-test-server.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  cleanup()
  await server?.close()
  server = undefined
})

function view(
  overrides: { yelp?: Partial<OnboardingView['yelp']>; ghl?: Partial<OnboardingView['ghl']> } = {},
) {
  return {
    clientId: 'acme',
    name: 'Acme Roofing',
    yelp: {
      connected: false,
      businessId: 'acme-sf',
      webhookSubscribed: true,
      configured: true,
      ...overrides.yelp,
    },
    ghl: { connected: false, hasApiKey: true, configured: true, ...overrides.ghl },
  } satisfies OnboardingView
}

async function renderPage(token: string, answer: () => { status?: number; json: unknown }) {
  server = await startApiTestServer({ 'GET /api/onboard/acme': answer })
  render(
    <AppProvider>
      <OnboardingScreen clientId="acme" token={token} />
    </AppProvider>,
  )
}

const step = (provider: string) => screen.getByRole('listitem', { name: new RegExp(provider) })

describe('onboarding page (docs/spec/product.md §4)', () => {
  it('shows the client and a Connect link carrying the token for the next step', async () => {
    await renderPage('tok.en', () => ({ json: view() }))
    expect(await screen.findByRole('heading', { name: 'Acme Roofing' })).toBeInTheDocument()
    expect(server!.requests[0]!.url).toBe('/api/onboard/acme?token=tok.en')
    expect(within(step('Yelp')).getByRole('link', { name: 'Connect Yelp' })).toHaveAttribute(
      'href',
      '/api/yelp-auth-url?clientId=acme&token=tok.en',
    )
    // GoHighLevel waits for Yelp.
    expect(within(step('GoHighLevel')).getByRole('button', { name: 'Connect GoHighLevel' })).toBeDisabled()
    expect(screen.getByText('0 of 2 connected')).toBeInTheDocument()
  })

  it('shows Connected badges, and Refresh status asks again', async () => {
    let answer = view({ yelp: { connected: true } })
    await renderPage('t', () => ({ json: answer }))
    await screen.findByRole('heading', { name: 'Acme Roofing' })
    expect(within(step('Yelp')).getByText('Connected')).toBeInTheDocument()
    expect(within(step('GoHighLevel')).getByRole('link', { name: /Connect GoHighLevel/ })).toHaveAttribute(
      'href',
      '/api/ghl-auth-url?clientId=acme&autoSync=false&token=t',
    )
    answer = view({ yelp: { connected: true }, ghl: { connected: true } })
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh status' }))
    expect(await screen.findByText("You're all set")).toBeInTheDocument()
    expect(within(step('GoHighLevel')).getByText('Connected')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Connect/ })).toBeNull()
  })

  it.each([
    {
      name: 'a forged token',
      token: 'forged',
      reply: { status: 403, json: { error: 'This onboarding link is invalid' } },
    },
    { name: 'no token', token: '', reply: { status: 200, json: view() } },
  ])('shows an error and nothing to connect for $name', async ({ token, reply }) => {
    await renderPage(token, () => reply)
    expect(await screen.findByRole('alert')).toHaveTextContent('This onboarding link is invalid')
    expect(screen.queryByRole('link', { name: /Connect/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull()
  })
})
