// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { ListedUser } from '@common/users.ts'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { Toaster } from '@/components/ui/toaster.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { UserFormDialog } from '@/features/users/components/user-form-dialog.tsx'
import { createQueryClient } from '@/lib/query-client.ts'
import { type ApiTestServer, startApiTestServer, type TestRoutes } from '@/testing/api-test-server.ts'

// These tests make real HTTP calls and wait for refetches: allow for a loaded machine.
configure({ asyncUtilTimeout: 4000 })
let server: ApiTestServer | undefined

afterEach(async () => {
  act(() => dismissToast())
  cleanup()
  await server?.close()
  server = undefined
})

const dana: ListedUser = {
  id: 7,
  username: 'dana',
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Reyes',
  role: 'operator',
  isActive: true,
  lastLogin: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  clientAssignments: [],
}

async function renderDialog(
  props:
    | { mode: 'create' }
    | { mode: 'edit'; user: ListedUser; isOwnAccount?: boolean; setsOthersPasswords?: boolean },
  routes: TestRoutes = {},
) {
  server = await startApiTestServer(routes)
  const openChanges: boolean[] = []
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UserFormDialog
        {...props}
        open
        onOpenChange={(open) => {
          openChanges.push(open)
        }}
      />
      <Toaster />
    </QueryClientProvider>,
  )
  return { user: userEvent.setup(), openChanges, server }
}

const calls = (method: string) => server?.requests.filter((r) => r.method === method) ?? []

async function expectToast(title: string, description: string) {
  expect(await screen.findByText(title, { selector: '[data-slot="toast-title"]' })).toBeInTheDocument()
  expect(screen.getByText(description, { selector: '[data-slot="toast-description"]' })).toBeInTheDocument()
}

describe('Add User form (docs/spec/dashboard-spec.md §5 "User")', () => {
  it('requires a username and a password, with the spec messages, and sends nothing', async () => {
    const { user } = await renderDialog({ mode: 'create' })
    await user.click(screen.getByRole('button', { name: 'Create User' }))
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true')
    expect(calls('POST')).toHaveLength(0)
  })

  it.each([
    { field: 'Username', value: 'ab', message: 'Username must be at least 3 characters' },
    { field: 'Password', value: '12345', message: 'Password must be at least 6 characters' },
    { field: 'Email', value: 'not-an-email', message: 'Invalid email address' },
  ])('refuses $field "$value" with "$message"', async ({ field, value, message }) => {
    const { user } = await renderDialog({ mode: 'create' })
    await user.type(screen.getByLabelText('Username'), 'carla')
    await user.type(screen.getByLabelText('Password'), 'secret-123')
    await user.clear(screen.getByLabelText(field))
    await user.type(screen.getByLabelText(field), value)
    await user.click(screen.getByRole('button', { name: 'Create User' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(screen.getAllByText(/must be|Invalid/)).toHaveLength(1)
    expect(calls('POST')).toHaveLength(0)
  })

  it('defaults to the viewer role and an active account, and posts the user', async () => {
    const { user, openChanges } = await renderDialog(
      { mode: 'create' },
      { 'POST /api/users': (req) => ({ status: 201, json: { ...dana, ...JSON.parse(req.body) } }) },
    )
    expect(screen.getByLabelText('Role')).toHaveTextContent('viewer')
    expect(screen.getByLabelText('Status')).toBeChecked()
    await user.type(screen.getByLabelText('Username'), 'carla')
    await user.type(screen.getByLabelText('Password'), 'secret-123')
    await user.type(screen.getByLabelText('First Name'), 'Carla')
    await user.click(screen.getByRole('button', { name: 'Create User' }))
    await expectToast('User created', 'carla can now sign in.')
    expect(JSON.parse(calls('POST')[0]!.body)).toEqual({
      username: 'carla',
      password: 'secret-123',
      email: null,
      firstName: 'Carla',
      lastName: null,
      role: 'viewer',
      isActive: true,
    })
    expect(openChanges).toEqual([false])
  })

  it.each([
    {
      status: 409,
      json: { error: 'Username carla is already taken' },
      shown: 'Username carla is already taken',
    },
    { status: 500, text: '', shown: 'Failed to create user' },
  ])('a $status answer shows the "Error" toast "$shown" and keeps the dialog open', async (reply) => {
    const { user, openChanges } = await renderDialog({ mode: 'create' }, { 'POST /api/users': () => reply })
    await user.type(screen.getByLabelText('Username'), 'carla')
    await user.type(screen.getByLabelText('Password'), 'secret-123')
    await user.click(screen.getByRole('button', { name: 'Create User' }))
    await expectToast('Error', reply.shown)
    expect(openChanges).toEqual([])
    expect(screen.getByRole('button', { name: 'Create User' })).toBeEnabled()
  })
})

describe('Edit User form (docs/spec/dashboard-spec.md §5 "User", §7)', () => {
  it('offers no password field on one’s own account (it takes the current password, in Change password)', async () => {
    await renderDialog({ mode: 'edit', user: dana, isOwnAccount: true })
    expect(screen.getByLabelText('Username')).toHaveValue('dana')
    expect(screen.queryByLabelText('Password')).toBeNull()
    expect(screen.getByText(/use Change password below your name in the sidebar/)).toBeInTheDocument()
  })

  it('offers no password field to a client-scoped role, which sets no one’s password but its own', async () => {
    await renderDialog({ mode: 'edit', user: dana, setsOthersPasswords: false })
    expect(screen.getByLabelText('Username')).toHaveValue('dana')
    expect(screen.queryByLabelText('Password')).toBeNull()
    expect(screen.getByText("Only admins and managers set another user's password.")).toBeInTheDocument()
  })

  it('starts from the user and leaves a blank password out of the update', async () => {
    const { user } = await renderDialog(
      { mode: 'edit', user: dana },
      { 'PUT /api/users/7': (req) => ({ json: { ...dana, ...JSON.parse(req.body) } }) },
    )
    expect(screen.getByLabelText('Username')).toHaveValue('dana')
    expect(screen.getByLabelText('Email')).toHaveValue('dana@example.com')
    expect(screen.getByLabelText('Role')).toHaveTextContent('operator')
    await user.clear(screen.getByLabelText('Last Name'))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await expectToast('User updated', 'dana has been saved.')
    const body = JSON.parse(calls('PUT')[0]!.body) as Record<string, unknown>
    expect(body).not.toHaveProperty('password')
    expect(body).toEqual({
      username: 'dana',
      email: 'dana@example.com',
      firstName: 'Dana',
      lastName: null,
      role: 'operator',
      isActive: true,
    })
  })

  it('sends a new password when one is typed, and refuses a short one', async () => {
    const { user } = await renderDialog(
      { mode: 'edit', user: dana },
      { 'PUT /api/users/7': () => ({ json: dana }) },
    )
    await user.type(screen.getByLabelText('Password'), 'abc')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(calls('PUT')).toHaveLength(0)
    await user.type(screen.getByLabelText('Password'), 'defgh')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(calls('PUT')).toHaveLength(1))
    expect(JSON.parse(calls('PUT')[0]!.body)).toMatchObject({ password: 'abcdefgh' })
  })

  it("shows the server's reason when the update is refused", async () => {
    const error = 'dana is the last active admin: make another user an active admin first'
    const { user } = await renderDialog(
      { mode: 'edit', user: { ...dana, role: 'admin' } },
      { 'PUT /api/users/7': () => ({ status: 409, json: { error } }) },
    )
    await user.click(screen.getByLabelText('Status'))
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    await expectToast('Error', error)
    expect(JSON.parse(calls('PUT')[0]!.body)).toMatchObject({ isActive: false })
  })
})
