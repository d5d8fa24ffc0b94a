import type { AuditEntry } from '@common/users.ts'

export interface AuditDescription {
  /** What the actor did, in words: "created user olivia". */
  summary: string
  /** What changed, one item each: "role: viewer → operator", "viewer: canViewUsers on". */
  details: string[]
}

function recordOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value) return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return undefined
}

const USER_FIELDS = [
  ['username', 'username'],
  ['firstName', 'first name'],
  ['lastName', 'last name'],
  ['email', 'email'],
  ['role', 'role'],
] as const

const VERBS: Record<string, string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
}

function describeUserUpdate(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const details: string[] = []
  for (const [key, label] of USER_FIELDS) {
    if (key in after && before[key] !== after[key]) {
      details.push(`${label}: ${textOf(before[key]) ?? '(none)'} → ${textOf(after[key]) ?? '(none)'}`)
    }
  }
  if ('isActive' in after && before.isActive !== after.isActive) {
    details.push(after.isActive ? 'activated' : 'deactivated')
  }
  if (after.passwordChanged === true) details.push('password changed')
  return details
}

/** Turns an audit entry into a sentence and its changes, for the 'Recent changes' list. */
export function describeAudit(entry: AuditEntry): AuditDescription {
  const before = recordOf(entry.before)
  const after = recordOf(entry.after)
  const username = textOf(after.username) ?? textOf(before.username) ?? entry.entityId ?? 'a user'

  switch (entry.action) {
    case 'user.create':
      return {
        summary: `created user ${username}`,
        details: [
          `role ${textOf(after.role) ?? '(none)'}`,
          ...(after.isActive === false ? ['inactive'] : []),
        ],
      }
    case 'user.update': {
      const details = describeUserUpdate(before, after)
      return { summary: `updated user ${username}`, details }
    }
    case 'user.delete':
      return { summary: `deleted user ${username}`, details: [] }
    case 'assignment.create':
      return {
        summary: `assigned ${username} to ${textOf(after.clientName) ?? textOf(after.clientId) ?? 'a client'}`,
        details: [],
      }
    case 'assignment.delete':
      return {
        summary: `unassigned ${username} from ${textOf(before.clientName) ?? textOf(before.clientId) ?? 'a client'}`,
        details: [],
      }
    case 'role_permissions.update': {
      const role = entry.entityId ?? 'a'
      return {
        summary: `changed the permissions of the ${role} role`,
        details: Object.entries(after).map(
          ([flag, value]) => `${role}: ${flag} ${value === true ? 'on' : 'off'}`,
        ),
      }
    }
    default: {
      // client.*, settings.* and whatever comes later: "deleted client acme".
      const [entity = entry.entityType, verb = ''] = entry.action.split('.')
      const words = [
        VERBS[verb] ?? verb.replaceAll('_', ' '),
        entity.replaceAll('_', ' '),
        entry.entityId ?? '',
      ]
      return { summary: words.filter(Boolean).join(' '), details: [] }
    }
  }
}
