import type { SessionUser } from '@common/auth.ts'
import { DEFAULT_ROLE_PERMISSIONS, type Role } from '@common/permissions.ts'

/** A session user as the server answers it, for component tests. */
export function sessionUser(username = 'admin', role: Role = 'admin'): SessionUser {
  return {
    id: 1,
    username,
    email: null,
    firstName: null,
    lastName: null,
    role,
    isActive: true,
    lastLogin: null,
    permissions: DEFAULT_ROLE_PERMISSIONS[role],
  }
}
