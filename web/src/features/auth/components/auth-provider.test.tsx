// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from '@/components/ui/toaster.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { AuthProvider } from '@/features/auth/components/auth-provider.tsx'
import { useAuth } from '@/lib/auth/use-auth.ts'
import { createQueryClient } from '@/lib/query-client.ts'
import { type ApiTestServer, startApiTestServer, type TestRoutes } from '@/testing/api-test-server.ts'
import { sessionUser } from '@/testing/session-user.ts'

let server: ApiTestServer | undefined

afterEach(async () => {
  // Toast state lives in the module, so close what a test left open before the next one renders.
  act(() => dismissToast())
  cleanup()
  vi.restoreAllMocks()
  await server?.close()
  server = undefined
})

/** Shows what useAuth() exposes and offers its actions as buttons. */
function AuthProbe() {
  const { user, isLoading, isAuthenticated, login, logout } = useAuth()
  const [loginError, setLoginError] = useState('')
  if (isLoading) return <p>loading</p>
  return (
    <div>
      <p data-testid="who">{isAuthenticated ? `signed in as ${user?.username}` : 'signed out'}</p>
      <p data-testid="login-error">{loginError}</p>
      <button type="button" onClick={() => void logout()}>
        do logout
      </button>
      <button
        type="button"
        onClick={() => login('admin', 'pw').catch((error: Error) => setLoginError(error.message))}
      >
        do login
      </button>
    </div>
  )
}

async function renderWithServer(routes: TestRoutes, queryClient: QueryClient = createQueryClient()) {
  server = await startApiTestServer(routes)
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AuthProbe />
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>,
  )
  return { queryClient, server }
}

describe('AuthProvider (docs/spec/dashboard-spec.md §4, §8)', () => {
  it('is loading until the session check settles, then has the user', async () => {
    await renderWithServer({ 'GET /api/auth/me': () => ({ json: { user: sessionUser('maria') } }) })
    expect(screen.getByText('loading')).toBeInTheDocument()
    expect(await screen.findByText('signed in as maria')).toBeInTheDocument()
  })

  it('treats a failed session check as "no user", silently', async () => {
    await renderWithServer({ 'GET /api/auth/me': () => ({ status: 401, json: { error: 'Not signed in' } }) })
    expect(await screen.findByText('signed out')).toBeInTheDocument()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('logout clears the user and the query cache even when the call fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const queryClient = createQueryClient()
    queryClient.setQueryData(['/api/clients'], [{ clientId: 'acme' }])
    const { server } = await renderWithServer(
      {
        'GET /api/auth/me': () => ({ json: { user: sessionUser('maria') } }),
        'POST /api/auth/logout': () => ({ status: 500, text: '' }),
      },
      queryClient,
    )
    expect(await screen.findByText('signed in as maria')).toBeInTheDocument()

    await act(async () => screen.getByRole('button', { name: 'do logout' }).click())

    expect(await screen.findByText('signed out')).toBeInTheDocument()
    expect(server.requests.filter((r) => r.method === 'POST' && r.url === '/api/auth/logout')).toHaveLength(1)
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0)
    expect(consoleError).toHaveBeenCalled()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('logout clears the user when the call succeeds', async () => {
    await renderWithServer({
      'GET /api/auth/me': () => ({ json: { user: sessionUser('maria') } }),
      'POST /api/auth/logout': () => ({ json: { ok: true } }),
    })
    expect(await screen.findByText('signed in as maria')).toBeInTheDocument()
    await act(async () => screen.getByRole('button', { name: 'do logout' }).click())
    expect(await screen.findByText('signed out')).toBeInTheDocument()
  })

  it.each([
    {
      status: 401,
      error: 'Invalid credentials',
      toast: 'Invalid credentials',
      thrown: 'Invalid credentials',
    },
    {
      status: 429,
      error: 'Too many failed sign-in attempts. Try again in a minute.',
      toast: 'Too many failed sign-in attempts. Try again in a minute.',
      thrown: 'Too many failed sign-in attempts. Try again in a minute.',
    },
    { status: 500, error: undefined, toast: 'Invalid credentials', thrown: 'Login failed' },
  ])(
    'a $status login shows "Login failed" / "$toast" and rethrows "$thrown"',
    async ({ status, error, ...want }) => {
      await renderWithServer({
        'GET /api/auth/me': () => ({ status: 401, json: { error: 'Not signed in' } }),
        'POST /api/auth/login': () => (error ? { status, json: { error } } : { status, text: '' }),
      })
      expect(await screen.findByText('signed out')).toBeInTheDocument()
      await act(async () => screen.getByRole('button', { name: 'do login' }).click())
      expect(
        await screen.findByText('Login failed', { selector: '[data-slot="toast-title"]' }),
      ).toBeInTheDocument()
      expect(
        screen.getByText(want.toast, { selector: '[data-slot="toast-description"]' }),
      ).toBeInTheDocument()
      await waitFor(() => expect(screen.getByTestId('login-error')).toHaveTextContent(want.thrown))
      expect(screen.getByTestId('who')).toHaveTextContent('signed out')
    },
  )

  it('a successful login sets the user and says so', async () => {
    await renderWithServer({
      'GET /api/auth/me': () => ({ status: 401, json: { error: 'Not signed in' } }),
      'POST /api/auth/login': () => ({ json: { user: sessionUser('admin') } }),
    })
    expect(await screen.findByText('signed out')).toBeInTheDocument()
    await act(async () => screen.getByRole('button', { name: 'do login' }).click())
    expect(await screen.findByText('signed in as admin')).toBeInTheDocument()
    expect(screen.getByText('Login successful')).toBeInTheDocument()
    expect(screen.getByText('Welcome to the admin dashboard')).toBeInTheDocument()
  })

  it('useAuth outside the provider throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider')
  })
})
