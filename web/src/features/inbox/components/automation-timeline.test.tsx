// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { AutomationStep } from '@common/lead-automation.ts'
import type { Role } from '@common/permissions.ts'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { AuthProvider } from '@/features/auth/components/auth-provider.tsx'
import { AutomationTimeline } from '@/features/inbox/components/automation-timeline.tsx'
import { type ApiTestServer, startApiTestServer, type TestReply } from '@/testing/api-test-server.ts'
import { sessionUser } from '@/testing/session-user.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  cleanup()
  await server?.close()
  server = undefined
})

const AT = '2026-11-24T17:00:00.000Z'
const step = (patch: Partial<AutomationStep>): AutomationStep => ({
  kind: 'first_reply',
  step: 0,
  state: 'sent',
  dueAt: AT,
  at: AT,
  ...patch,
})

async function renderTimeline(reply: TestReply, { role }: { role?: Role } = {}) {
  server = await startApiTestServer({
    'GET /api/leads/lead-1/automation': () => reply,
    'GET /api/auth/me': () => ({ json: { user: sessionUser('pat', role ?? 'admin') } }),
  })
  const timeline = <AutomationTimeline leadId="lead-1" clientId="acme-roofing" />
  render(<AppProvider>{role ? <AuthProvider>{timeline}</AuthProvider> : timeline}</AppProvider>)
}

describe('Automation timeline (docs/spec/product.md §9.2 history)', () => {
  it('lists each step oldest first with its state, and the reason of a skipped or cancelled one in words', async () => {
    await renderTimeline({
      json: [
        step({}),
        step({ kind: 'follow_up', step: 1, state: 'cancelled', reason: 'consumer_replied' }),
        step({ kind: 'follow_up', step: 2, state: 'skipped', reason: 'status_closed' }),
        step({ kind: 'follow_up', step: 3, state: 'drafted' }),
        step({ kind: 'follow_up', step: 4, state: 'scheduled', dueAt: '2026-11-25T17:00:00.000Z' }),
        step({ kind: 'follow_up', step: 5, state: 'skipped', reason: 'some_new_reason' }),
      ],
    })
    const items = within(await screen.findByTestId('automation-timeline')).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^First reply · Sent/),
      expect.stringMatching(/^Follow-up 1 · Cancelled.*: the customer wrote again$/),
      expect.stringMatching(/^Follow-up 2 · Skipped.*: the lead was converted or closed$/),
      expect.stringMatching(/^Follow-up 3 · Drafted/),
      expect.stringMatching(/^Follow-up 4 · Scheduleddue /),
      expect.stringMatching(/^Follow-up 5 · Skipped.*: some new reason$/),
    ])
  })

  it('says so when the lead has no automation', async () => {
    await renderTimeline({ json: [] })
    expect(await screen.findByText('No first reply or follow-up for this lead')).toBeInTheDocument()
  })

  it("points a role that may edit the playbook to the client's Response page when the lead has no automation", async () => {
    await renderTimeline({ json: [] }, { role: 'admin' })
    expect(await screen.findByRole('link', { name: 'Set up automatic replies' })).toHaveAttribute(
      'href',
      '/clients/acme-roofing/response',
    )
  })

  it('offers no Response page link to a role that cannot edit the playbook', async () => {
    await renderTimeline({ json: [] }, { role: 'viewer' })
    expect(await screen.findByText(/No first reply or follow-up for this lead/)).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Set up automatic replies' })).not.toBeInTheDocument()
  })

  it('shows the server error when the history cannot load', async () => {
    await renderTimeline({ status: 404, json: { error: 'Lead lead-1 not found' } })
    expect(await screen.findByRole('alert')).toHaveTextContent('Lead lead-1 not found')
  })
})
