// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, configure, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { Toaster } from '@/components/ui/toaster.tsx'
import { dismissToast } from '@/components/ui/use-toast.ts'
import { ChangePasswordDialog } from '@/features/auth/components/change-password-dialog.tsx'
import { createQueryClient } from '@/lib/query-client.ts'
import { type ApiTestServer, startApiTestServer, type TestRoutes } from '@/testing/api-test-server.ts'

configure({ asyncUtilTimeout: 4000 })
let server: ApiTestServer | undefined

afterEach(async () => {
  act(() => dismissToast())
  cleanup()
  await server?.close()
  server = undefined
})

async function renderDialog(routes: TestRoutes) {
  server = await startApiTestServer(routes)
  const openChanges: boolean[] = []
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ChangePasswordDialog open onOpenChange={(open) => void openChanges.push(open)} />
      <Toaster />
    </QueryClientProvider>,
  )
  return { user: userEvent.setup(), openChanges }
}

describe('Change Password dialog', () => {
  it('sends the current and the new password, then closes with a toast', async () => {
    const { user, openChanges } = await renderDialog({
      'POST /api/auth/password': () => ({ json: { ok: true } }),
    })
    await user.type(screen.getByLabelText('Current Password'), 'old-pass-1')
    await user.type(screen.getByLabelText('New Password'), 'new-pass-2')
    await user.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(
      await screen.findByText('Password changed', { selector: '[data-slot="toast-title"]' }),
    ).toBeInTheDocument()
    expect(openChanges).toEqual([false])
    expect(JSON.parse(server?.requests[0]?.body ?? '{}')).toEqual({
      currentPassword: 'old-pass-1',
      newPassword: 'new-pass-2',
    })
  })

  it('shows a wrong current password under its field and stays open', async () => {
    const { user, openChanges } = await renderDialog({
      'POST /api/auth/password': () => ({
        status: 400,
        json: { error: 'currentPassword: Current password is incorrect' },
      }),
    })
    await user.type(screen.getByLabelText('Current Password'), 'not-it')
    await user.type(screen.getByLabelText('New Password'), 'new-pass-2')
    await user.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument()
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('aria-invalid', 'true')
    expect(openChanges).toEqual([])
  })

  it('checks the fields before sending', async () => {
    const { user } = await renderDialog({})
    await user.type(screen.getByLabelText('New Password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(await screen.findByText('Current password is required')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(server?.requests).toEqual([])
  })
})
