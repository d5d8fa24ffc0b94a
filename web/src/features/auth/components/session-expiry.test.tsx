// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query'
import { act, cleanup, configure, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { Toaster } from '@/components/ui/toaster.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { AuthProvider } from '@/features/auth/components/auth-provider.tsx'
import { apiRequest } from '@/lib/api-client.ts'
import { useAuth } from '@/lib/auth/use-auth.ts'
import { createQueryClient } from '@/lib/query-client.ts'
import {
  type ApiTestServer,
  startApiTestServer,
  type TestReply,
  type TestRoutes,
} from '@/testing/api-test-server.ts'
import { sessionUser } from '@/testing/session-user.ts'

// These tests make real HTTP calls and wait for refetches: allow for a loaded machine.
configure({ asyncUtilTimeout: 4000 })
let server: ApiTestServer | undefined

afterEach(async () => {
  act(() => dismissToast())
  cleanup()
  await server?.close()
  server = undefined
})

/** A signed-in screen that loads /api/users when asked, and offers a save and a refresh. */
function Screen() {
  const { user, isLoading, refresh } = useAuth()
  const users = useQuery({ queryKey: ['/api/users'], enabled: user !== null })
  const save = useMutation({ mutationFn: () => apiRequest('PUT', '/api/users/1', {}) })
  if (isLoading) return <p>loading</p>
  if (!user) return <p>login screen</p>
  return (
    <div>
      <p>
        signed in as {user.username} ({user.role})
      </p>
      <p>{users.isError ? `users failed: ${users.error.message}` : ''}</p>
      <button type="button" onClick={() => save.mutate()}>
        save
      </button>
      <button type="button" onClick={() => void refresh()}>
        refresh
      </button>
    </div>
  )
}

async function renderSignedIn(routes: TestRoutes) {
  server = await startApiTestServer({
    'GET /api/auth/me': () => ({ json: { user: sessionUser('maria', 'manager') } }),
    ...routes,
  })
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <Screen />
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>,
  )
  return userEvent.setup()
}

describe('a session that ends while signed in', () => {
  it('a 401 from a query shows the login screen', async () => {
    await renderSignedIn({ 'GET /api/users': () => ({ status: 401, json: { error: 'Not signed in' } }) })
    expect(await screen.findByText('login screen')).toBeInTheDocument()
    expect(await screen.findByText('Session ended')).toBeInTheDocument()
    expect(screen.getByText('Please sign in again.')).toBeInTheDocument()
  })

  it('a 401 from a mutation shows the login screen', async () => {
    const user = await renderSignedIn({
      'GET /api/users': () => ({ json: [] }),
      'PUT /api/users/1': () => ({ status: 401, json: { error: 'Not signed in' } }),
    })
    await user.click(await screen.findByRole('button', { name: 'save' }))
    expect(await screen.findByText('login screen')).toBeInTheDocument()
  })

  it('a 403 is an ordinary error: the user stays signed in', async () => {
    await renderSignedIn({ 'GET /api/users': () => ({ status: 403, json: { error: 'Forbidden' } }) })
    expect(await screen.findByText(/users failed: 403/)).toBeInTheDocument()
    expect(screen.getByText('signed in as maria (manager)')).toBeInTheDocument()
  })

  it('refresh() reloads the user, and signs out when the session is gone', async () => {
    let me: TestReply = { json: { user: sessionUser('maria', 'manager') } }
    const user = await renderSignedIn({
      'GET /api/auth/me': () => me,
      'GET /api/users': () => ({ json: [] }),
    })
    await screen.findByText('signed in as maria (manager)')
    me = { json: { user: sessionUser('maria', 'admin') } }
    await user.click(screen.getByRole('button', { name: 'refresh' }))
    expect(await screen.findByText('signed in as maria (admin)')).toBeInTheDocument()
    me = { status: 401, json: { error: 'Not signed in' } }
    await user.click(screen.getByRole('button', { name: 'refresh' }))
    expect(await screen.findByText('login screen')).toBeInTheDocument()
  })
})
