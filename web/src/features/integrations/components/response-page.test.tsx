// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { DEFAULT_PLAYBOOK } from '@common/playbook.ts'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { ResponsePage } from '@/features/integrations/components/response-page.tsx'
import { type ApiTestServer, startApiTestServer } from '@/testing/api-test-server.ts'
import { clientView } from '@/testing/client-view.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  act(() => dismissToast())
  cleanup()
  await server?.close()
  server = undefined
})

const LONG_NAME = 'Acme Roofing & Gutter Repair of the Greater San Francisco Bay Area and Peninsula LLC'
const CLIENT = clientView({ clientId: 'acme-roofing', name: LONG_NAME })

async function renderPage(clientId = 'acme-roofing') {
  let saved = DEFAULT_PLAYBOOK
  server = await startApiTestServer({
    'GET /api/health': () => ({ json: { status: 'ok', ai: { enabled: false } } }),
    'GET /api/clients': () => ({ json: [CLIENT] }),
    'GET /api/clients/acme-roofing/playbook': () => ({ json: saved }),
    'PUT /api/clients/acme-roofing/playbook': (req) => {
      saved = JSON.parse(req.body)
      return { json: saved }
    },
    'GET /api/leads': () => ({ json: [] }),
  })
  render(
    <AppProvider>
      <ResponsePage clientId={clientId} />
    </AppProvider>,
  )
  return userEvent.setup()
}

describe('the Response page of a client (docs/spec/product.md §9.2)', () => {
  it('shows the client, whether automation is on as saved, and the playbook editor; saving turns it on', async () => {
    const user = await renderPage()
    await screen.findByRole('form', { name: 'Response playbook' })
    expect(screen.getByTestId('response-client-name')).toHaveTextContent(LONG_NAME)
    expect(screen.getByRole('link', { name: 'All clients' })).toHaveAttribute('href', '/clients')
    expect(screen.getByTestId('response-automation-state')).toHaveTextContent(
      'Automation off: No automatic reply',
    )
    await waitFor(() => expect(server!.requests.some((r) => r.url === '/api/health')).toBe(true))
    await user.click(screen.getByRole('switch', { name: /Answer every new lead/ }))
    await user.type(screen.getByLabelText('In business hours'), 'Hi {{firstName}!')
    // Editing is not saving: the badge tells what leads get now.
    expect(screen.getByTestId('response-automation-state')).toHaveTextContent('Automation off')
    await user.click(screen.getByRole('button', { name: 'Save playbook' }))
    await waitFor(() =>
      expect(screen.getByTestId('response-automation-state')).toHaveTextContent(
        'Automation on: First reply sent',
      ),
    )
  })

  it('says so for a client that does not exist or is not assigned', async () => {
    await renderPage('nobody')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Client nobody does not exist, or is not assigned to you.',
    )
    expect(screen.queryByRole('form', { name: 'Response playbook' })).not.toBeInTheDocument()
  })
})
