// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { Draft } from '@common/lead-automation.ts'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { DraftsArea } from '@/features/inbox/components/drafts-area.tsx'
import { type ApiTestServer, startApiTestServer, type TestReply } from '@/testing/api-test-server.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  act(() => dismissToast())
  cleanup()
  await server?.close()
  server = undefined
})

const LEAD = 'lead-roof'
const FIRST: Draft = {
  id: 'd1',
  kind: 'first_reply',
  text: 'Hi Ana, thanks for reaching out about Roof repair!',
  createdAt: new Date(Date.now() - 3 * 60_000).toISOString(),
}
const FOLLOW_UP: Draft = {
  id: 'd2',
  kind: 'follow_up',
  text: 'Just checking in: still need help?',
  createdAt: new Date(Date.now() - 60_000).toISOString(),
}

async function renderDrafts(
  drafts: Draft[],
  sendReply: TestReply = { status: 202, json: { messageId: 41 } },
) {
  server = await startApiTestServer({
    [`POST /api/leads/${LEAD}/drafts/d1/send`]: () => sendReply,
    [`POST /api/leads/${LEAD}/drafts/d2/send`]: () => sendReply,
    [`DELETE /api/leads/${LEAD}/drafts/d2`]: () => ({ status: 204 }),
  })
  render(
    <AppProvider>
      <DraftsArea leadId={LEAD} drafts={drafts} />
    </AppProvider>,
  )
  return userEvent.setup()
}

const draftForms = () => within(screen.getByRole('region', { name: 'Drafts' })).getAllByRole('form')

describe('Drafts area (docs/spec/product.md §9.2 suggest mode)', () => {
  it('shows each draft with its kind and text, and nothing without drafts', async () => {
    await renderDrafts([FIRST, FOLLOW_UP])
    const [first, second] = draftForms()
    expect(within(first!).getByTestId('draft-kind')).toHaveTextContent('First reply')
    expect(within(first!).getByRole('textbox')).toHaveValue(FIRST.text)
    expect(within(first!).getByText(/^made /)).toBeInTheDocument()
    expect(within(second!).getByTestId('draft-kind')).toHaveTextContent('Follow-up')
    cleanup()
    render(
      <AppProvider>
        <DraftsArea leadId={LEAD} drafts={[]} />
      </AppProvider>,
    )
    expect(screen.queryByRole('region', { name: 'Drafts' })).not.toBeInTheDocument()
  })

  it('sends the edited text through POST …/drafts/{id}/send', async () => {
    const user = await renderDrafts([FIRST])
    const form = draftForms()[0]!
    const box = within(form).getByRole('textbox')
    await user.clear(box)
    await user.type(box, 'Hi Ana, we can come Tuesday.')
    await user.click(within(form).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(server!.requests.some((r) => r.method === 'POST')).toBe(true))
    const sent = server!.requests.find((r) => r.method === 'POST')!
    expect(sent.url).toBe(`/api/leads/${LEAD}/drafts/d1/send`)
    expect(JSON.parse(sent.body)).toEqual({ text: 'Hi Ana, we can come Tuesday.' })
    expect(await screen.findByText('Draft sent')).toBeInTheDocument()
  })

  it('sends an unchanged draft without a text, as the server wrote it', async () => {
    const user = await renderDrafts([FIRST])
    await user.click(within(draftForms()[0]!).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(server!.requests.some((r) => r.method === 'POST')).toBe(true))
    expect(JSON.parse(server!.requests.find((r) => r.method === 'POST')!.body)).toEqual({})
  })

  it('does not send an emptied draft and says why', async () => {
    const user = await renderDrafts([FIRST])
    const form = draftForms()[0]!
    await user.clear(within(form).getByRole('textbox'))
    await user.click(within(form).getByRole('button', { name: 'Send' }))
    expect(await within(form).findByText('text is required')).toBeInTheDocument()
    expect(server!.requests.filter((r) => r.method === 'POST')).toHaveLength(0)
  })

  it('shows the server error when sending fails', async () => {
    const user = await renderDrafts([FIRST], { status: 403, json: { error: 'canSendMessages is required' } })
    await user.click(within(draftForms()[0]!).getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('canSendMessages is required')
  })

  it('discards with DELETE …/drafts/{id}, sending nothing', async () => {
    const user = await renderDrafts([FIRST, FOLLOW_UP])
    await user.click(within(draftForms()[1]!).getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(server!.requests.some((r) => r.method === 'DELETE')).toBe(true))
    expect(server!.requests.map((r) => `${r.method} ${r.url}`)).toContain(
      `DELETE /api/leads/${LEAD}/drafts/d2`,
    )
    expect(server!.requests.filter((r) => r.method === 'POST')).toHaveLength(0)
  })
})
