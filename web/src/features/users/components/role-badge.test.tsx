// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ROLE_CAPABILITIES, RoleBadge } from '@/features/users/components/role-badge.tsx'

afterEach(cleanup)

describe('RoleBadge (docs/spec/dashboard-spec.md §2.9)', () => {
  it.each([
    { role: 'admin', labels: ['All Permissions', 'User Management', 'System Settings'] },
    { role: 'manager', labels: ['Client Management', 'View Reports', 'Send Messages'] },
    { role: 'operator', labels: ['View Clients', 'Send Messages'] },
    { role: 'viewer', labels: ['View Only'] },
  ])('$role carries $labels', ({ role, labels }) => {
    render(<RoleBadge userRole={role} />)
    const badges = Array.from(screen.getByTestId('role-badge').querySelectorAll('[data-slot="badge"]')).map(
      (badge) => badge.textContent,
    )
    expect(badges).toEqual([role, ...labels])
  })

  it('covers exactly the 4 roles', () => {
    expect(Object.keys(ROLE_CAPABILITIES)).toEqual(['admin', 'manager', 'operator', 'viewer'])
  })

  it('shows an unknown role by name, without capability labels', () => {
    render(<RoleBadge userRole="auditor" />)
    expect(screen.getByTestId('role-badge')).toHaveTextContent(/^auditor$/)
  })
})
