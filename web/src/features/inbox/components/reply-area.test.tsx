// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { Draft } from '@common/lead-automation.ts'
import type { LeadDetail } from '@common/leads.ts'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { ReplyArea } from '@/features/inbox/components/reply-area.tsx'
import { type ApiTestServer, startApiTestServer, type TestRoutes } from '@/testing/api-test-server.ts'

// docs/spec/product.md §9.6 in the inbox: "Draft with AI" above the reply box, only when the server
// has a model; the draft is editable, marked as AI-written until edited, and sent as that draft.

let server: ApiTestServer | undefined

afterEach(async () => {
  cleanup()
  await server?.close()
  server = undefined
})

const LEAD = 'lead-roof'
const AI_DRAFT: Draft = {
  id: 'd-ai',
  kind: 'ai',
  text: 'Hi Ana, thanks for reaching out about your leaking roof! When could we come by?',
  createdAt: new Date().toISOString(),
}
// The reply area reads only the lead's id and drafts.
const lead = { leadId: LEAD, drafts: [] } as unknown as LeadDetail

async function renderReplyArea(isAiEnabled: boolean, routes: TestRoutes = {}, shown: LeadDetail = lead) {
  server = await startApiTestServer({
    'GET /api/health': () => ({ json: { status: 'ok', ai: { enabled: isAiEnabled } } }),
    [`GET /api/leads/${LEAD}`]: () => ({ status: 404, json: { error: 'not needed' } }),
    ...routes,
  })
  render(
    <AppProvider>
      <ReplyArea lead={shown} />
    </AppProvider>,
  )
  await waitFor(() => expect(server?.requests.some((r) => r.url === '/api/health')).toBe(true))
  return userEvent.setup()
}

const replyBox = () => screen.getByRole('textbox', { name: 'Reply' })

describe('Reply box with AI drafts', () => {
  it('shows no AI control when the server has no model', async () => {
    await renderReplyArea(false)
    // Let the health answer land before asserting the absence.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(screen.queryByRole('button', { name: /Draft with AI/ })).not.toBeInTheDocument()
    expect(replyBox()).toBeInTheDocument()
  })

  it('fills the box with an editable AI draft, marked until edited, and sends it edited', async () => {
    const user = await renderReplyArea(true, {
      [`POST /api/leads/${LEAD}/drafts/ai`]: () => ({ status: 201, json: AI_DRAFT }),
      [`POST /api/leads/${LEAD}/drafts/d-ai/send`]: () => ({ status: 202, json: { messageId: 7 } }),
    })
    await user.click(await screen.findByRole('button', { name: /Draft with AI/ }))
    await waitFor(() => expect(replyBox()).toHaveValue(AI_DRAFT.text))
    expect(screen.getByTestId('ai-draft-marker')).toHaveTextContent('AI draft')
    await user.type(replyBox(), ' Thanks!')
    expect(screen.queryByTestId('ai-draft-marker')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(replyBox()).toHaveValue(''))
    const sent = server?.requests.find((r) => r.url === `/api/leads/${LEAD}/drafts/d-ai/send`)
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ text: `${AI_DRAFT.text} Thanks!` })
    expect(server?.requests.some((r) => r.url === `/api/leads/${LEAD}/reply`)).toBe(false)
  })

  it('sends an untouched AI draft as written', async () => {
    const user = await renderReplyArea(true, {
      [`POST /api/leads/${LEAD}/drafts/ai`]: () => ({ status: 201, json: AI_DRAFT }),
      [`POST /api/leads/${LEAD}/drafts/d-ai/send`]: () => ({ status: 202, json: { messageId: 7 } }),
    })
    await user.click(await screen.findByRole('button', { name: /Draft with AI/ }))
    await waitFor(() => expect(replyBox()).toHaveValue(AI_DRAFT.text))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(replyBox()).toHaveValue(''))
    const sent = server?.requests.find((r) => r.url === `/api/leads/${LEAD}/drafts/d-ai/send`)
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({})
  })

  it.each([
    [409, 'AI drafts are not configured: set AI_BASE_URL'],
    [502, 'AI draft for lead lead-roof failed: The AI model did not answer within 20 s'],
  ])('shows the server’s message on a %i and leaves the box as it was', async (status, error) => {
    const user = await renderReplyArea(true, {
      [`POST /api/leads/${LEAD}/drafts/ai`]: () => ({ status, json: { error } }),
    })
    await user.click(await screen.findByRole('button', { name: /Draft with AI/ }))
    expect(await screen.findByRole('alert')).toHaveTextContent(error)
    expect(replyBox()).toHaveValue('')
    expect(screen.queryByTestId('ai-draft-marker')).not.toBeInTheDocument()
  })

  it('shows a replaced AI draft no more: the new one is in the box, with the one Send', async () => {
    const older: Draft = { ...AI_DRAFT, id: 'd-ai-old', text: 'An older AI draft' }
    const user = await renderReplyArea(
      true,
      { [`POST /api/leads/${LEAD}/drafts/ai`]: () => ({ status: 201, json: AI_DRAFT }) },
      { leadId: LEAD, drafts: [older] } as unknown as LeadDetail,
    )
    expect(screen.getByRole('form', { name: 'Draft' })).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: /Draft with AI/ }))
    await waitFor(() => expect(replyBox()).toHaveValue(AI_DRAFT.text))
    expect(screen.queryByRole('form', { name: 'Draft' })).not.toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Send' })).toHaveLength(1)
  })

  it('never overwrites what a person typed', async () => {
    const user = await renderReplyArea(true)
    await user.type(replyBox(), 'On my way')
    expect(await screen.findByRole('button', { name: /Draft with AI/ })).toBeDisabled()
  })
})
