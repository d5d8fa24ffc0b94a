// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Toaster } from '@/components/ui/toaster.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { AuthProvider } from '@/features/auth/components/auth-provider.tsx'
import { LoginForm } from '@/features/auth/components/login-form.tsx'
import { createQueryClient } from '@/lib/query-client.ts'
import { type ApiTestServer, startApiTestServer } from '@/testing/api-test-server.ts'
import { sessionUser } from '@/testing/session-user.ts'

let server: ApiTestServer

beforeEach(async () => {
  server = await startApiTestServer({
    'GET /api/auth/me': () => ({ status: 401, json: { error: 'Not signed in' } }),
    'POST /api/auth/login': (req) => {
      const { username, password } = JSON.parse(req.body) as { username: string; password: string }
      if (username === 'admin' && password === 'right-password')
        return { json: { user: sessionUser('admin') } }
      return { status: 401, json: { error: 'Invalid credentials' } }
    },
  })
})

afterEach(async () => {
  // Toast state lives in the module, so close what a test left open before the next one renders.
  act(() => dismissToast())
  cleanup()
  await server.close()
})

async function renderLoginForm() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <LoginForm />
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>,
  )
  // The session check runs first; the form is usable right away but let it settle.
  await waitFor(() => expect(server.requests.some((r) => r.url === '/api/auth/me')).toBe(true))
  return userEvent.setup()
}

const loginCalls = () => server.requests.filter((r) => r.url === '/api/auth/login')

describe('LoginForm (docs/spec/dashboard-spec.md §2.2, §5)', () => {
  it('shows the fields with their placeholders', async () => {
    await renderLoginForm()
    expect(screen.getByLabelText('Username')).toHaveAttribute('placeholder', 'Enter username')
    expect(screen.getByLabelText('Password')).toHaveAttribute('placeholder', 'Enter password')
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled()
  })

  it('requires both fields, with the spec messages, and sends nothing', async () => {
    const user = await renderLoginForm()
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Username is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true')
    expect(loginCalls()).toHaveLength(0)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('reports only the missing field', async () => {
    const user = await renderLoginForm()
    await user.type(screen.getByLabelText('Username'), 'admin')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Password is required')).toBeInTheDocument()
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument()
    expect(loginCalls()).toHaveLength(0)
  })

  it("shows the login function's 'Login failed' toast with the server message on bad credentials", async () => {
    const user = await renderLoginForm()
    await user.type(screen.getByLabelText('Username'), 'admin')
    await user.type(screen.getByLabelText('Password'), 'wrong')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Login failed')).toBeInTheDocument()
    expect(screen.getByText('Invalid credentials')).toBeInTheDocument()
    expect(loginCalls()).toHaveLength(1)
    expect(JSON.parse(loginCalls()[0]!.body)).toEqual({ username: 'admin', password: 'wrong' })
    expect(loginCalls()[0]!.contentType).toBe('application/json')
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled()
  })

  it('signs in and shows the success toast', async () => {
    const user = await renderLoginForm()
    await user.type(screen.getByLabelText('Username'), 'admin')
    await user.type(screen.getByLabelText('Password'), 'right-password')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Login successful')).toBeInTheDocument()
    expect(screen.getByText('Welcome to the admin dashboard')).toBeInTheDocument()
  })
})
