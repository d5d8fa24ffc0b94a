import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_GROUPS } from '@common/permissions.ts'
import { describe, expect, it } from 'vitest'
import {
  changedFlags,
  countEnabled,
  enabledLabel,
  isLockedFlag,
  PERMISSION_TOTAL,
} from '@/features/permissions/utils/permission-draft.ts'
import { PERMISSION_LABELS } from '@/features/permissions/utils/permission-labels.ts'

describe('enabled/total count (docs/spec/dashboard-spec.md §2.10)', () => {
  it.each([
    { role: 'admin' as const, label: '21/21' },
    { role: 'manager' as const, label: '16/21' },
    { role: 'operator' as const, label: '6/21' },
    { role: 'viewer' as const, label: '4/21' },
  ])('the default $role role shows $label', ({ role, label }) => {
    expect(enabledLabel(DEFAULT_ROLE_PERMISSIONS[role])).toBe(label)
  })

  it('counts 21 flags in the five groups', () => {
    expect(PERMISSION_TOTAL).toBe(21)
    expect(PERMISSION_GROUPS.map((g) => g.label)).toEqual([
      'Client Management',
      'User Management',
      'Message & Communication',
      'System & Monitoring',
      'Permissions Management',
    ])
  })

  it('counts a group on its own', () => {
    const viewer = DEFAULT_ROLE_PERMISSIONS.viewer
    const [clients, users, messages] = PERMISSION_GROUPS
    expect(enabledLabel(viewer, clients.flags)).toBe('1/5')
    expect(enabledLabel(viewer, users.flags)).toBe('0/5')
    expect(countEnabled(viewer, messages.flags)).toBe(2)
  })

  it('follows a draft: toggling one flag moves the count by one', () => {
    const draft = { ...DEFAULT_ROLE_PERMISSIONS.viewer, canViewUsers: true }
    expect(enabledLabel(draft)).toBe('5/21')
    expect(enabledLabel({ ...draft, canViewClients: false })).toBe('4/21')
  })
})

describe('draft changes', () => {
  it('lists the flags that differ from the saved values, in display order', () => {
    const saved = DEFAULT_ROLE_PERMISSIONS.viewer
    expect(changedFlags(saved, saved)).toEqual([])
    expect(
      changedFlags(saved, { ...saved, canViewLogs: true, canViewUsers: true, canViewClients: false }),
    ).toEqual(['canViewClients', 'canViewUsers', 'canViewLogs'])
    // Toggled and toggled back is no change.
    expect(changedFlags(saved, { ...saved, canViewUsers: false })).toEqual([])
  })

  it('locks only the admin role guards', () => {
    expect(isLockedFlag('admin', 'canManageRoles')).toBe(true)
    expect(isLockedFlag('admin', 'canEditPermissions')).toBe(true)
    expect(isLockedFlag('admin', 'canViewUsers')).toBe(false)
    expect(isLockedFlag('manager', 'canManageRoles')).toBe(false)
  })

  it('has a label for every flag', () => {
    for (const group of PERMISSION_GROUPS) {
      for (const flag of group.flags) expect(PERMISSION_LABELS[flag]).toMatch(/^[A-Z]/)
    }
  })
})
