import type { AuditEntry } from '@common/users.ts'
import { describe, expect, it } from 'vitest'
import { describeAudit } from '@/features/permissions/utils/describe-audit.ts'
import { relativeTime } from '@/features/permissions/utils/relative-time.ts'

function entry(fields: Partial<AuditEntry> & Pick<AuditEntry, 'action' | 'entityType'>): AuditEntry {
  return {
    id: 1,
    actorUserId: 1,
    actorUsername: 'admin',
    actorAddress: null,
    entityId: null,
    before: null,
    after: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  }
}

const person = {
  id: 5,
  username: 'olivia',
  email: null,
  firstName: 'Olivia',
  lastName: null,
  role: 'viewer',
  isActive: true,
}

describe('describeAudit', () => {
  it.each([
    {
      name: 'user created',
      entry: entry({ action: 'user.create', entityType: 'user', entityId: '5', after: person }),
      summary: 'created user olivia',
      details: ['role viewer'],
    },
    {
      name: 'user updated',
      entry: entry({
        action: 'user.update',
        entityType: 'user',
        entityId: '5',
        before: person,
        after: { ...person, role: 'operator', isActive: false, email: 'o@x.io', passwordChanged: true },
      }),
      summary: 'updated user olivia',
      details: ['email: (none) → o@x.io', 'role: viewer → operator', 'deactivated', 'password changed'],
    },
    {
      name: 'user deleted',
      entry: entry({ action: 'user.delete', entityType: 'user', entityId: '5', before: person }),
      summary: 'deleted user olivia',
      details: [],
    },
    {
      name: 'assignment created',
      entry: entry({
        action: 'assignment.create',
        entityType: 'assignment',
        after: { userId: 5, username: 'olivia', clientId: 'acme', clientName: 'Acme Plumbing' },
      }),
      summary: 'assigned olivia to Acme Plumbing',
      details: [],
    },
    {
      name: 'assignment deleted',
      entry: entry({
        action: 'assignment.delete',
        entityType: 'assignment',
        before: { userId: 5, username: 'olivia', clientId: 'acme' },
      }),
      summary: 'unassigned olivia from acme',
      details: [],
    },
    {
      name: 'role permissions changed',
      entry: entry({
        action: 'role_permissions.update',
        entityType: 'role',
        entityId: 'viewer',
        before: { canViewUsers: false, canViewClients: true },
        after: { canViewUsers: true, canViewClients: false },
      }),
      summary: 'changed the permissions of the viewer role',
      details: ['Viewer may now view users', 'Viewer may no longer view clients'],
    },
    {
      name: 'an action of a later module',
      entry: entry({ action: 'client.delete', entityType: 'client', entityId: 'acme' }),
      summary: 'deleted client acme',
      details: [],
    },
    {
      name: 'a client named in its record',
      entry: entry({
        action: 'client.delete',
        entityType: 'client',
        entityId: 'acme',
        before: { clientId: 'acme', name: 'Acme Plumbing' },
      }),
      summary: 'deleted client Acme Plumbing (acme)',
      details: [],
    },
  ])('$name', ({ entry: e, summary, details }) => {
    expect(describeAudit(e)).toEqual({ summary, details })
  })
})

describe('relativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z')
  it.each([
    ['2026-03-10T11:59:30.000Z', 'just now'],
    ['2026-03-10T11:55:00.000Z', '5 minutes ago'],
    ['2026-03-10T10:00:00.000Z', '2 hours ago'],
    ['2026-03-09T12:00:00.000Z', 'yesterday'],
    ['2026-02-24T12:00:00.000Z', '2 weeks ago'],
    ['2025-03-10T12:00:00.000Z', 'last year'],
  ])('%s is "%s"', (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text)
  })
})
