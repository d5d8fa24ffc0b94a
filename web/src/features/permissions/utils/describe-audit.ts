import type { PermissionFlag } from '@common/permissions.ts'
import type { AuditEntry } from '@common/users.ts'
import { PERMISSION_LABELS } from '@/features/permissions/utils/permission-labels.ts'

export interface AuditDescription {
  /** What the actor did, in words: "created user olivia". */
  summary: string
  /** What changed, one item each: "role: viewer → operator", "Viewer may now view users". */
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

/** "Viewer may now create clients": a role's grant in words, not its flag key. */
function describeGrant(role: string, flag: string, isGranted: boolean): string {
  const label = PERMISSION_LABELS[flag as PermissionFlag] ?? flag
  const roleName = role.charAt(0).toUpperCase() + role.slice(1)
  const ability = label.charAt(0).toLowerCase() + label.slice(1)
  return `${roleName} ${isGranted ? 'may now' : 'may no longer'} ${ability}`
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
        details: Object.entries(after).map(([flag, value]) => describeGrant(role, flag, value === true)),
      }
    }
    default: {
      // client.*, settings.* and whatever comes later: "deleted client Acme Plumbing (acme)".
      const [entity = entry.entityType, verb = ''] = entry.action.split('.')
      const name = textOf(after.name) ?? textOf(before.name)
      const id = entry.entityId ?? ''
      const words = [
        VERBS[verb] ?? verb.replaceAll('_', ' '),
        entity.replaceAll('_', ' '),
        name && name !== id ? `${name}${id ? ` (${id})` : ''}` : id,
      ]
      return { summary: words.filter(Boolean).join(' '), details: [] }
    }
  }
}
