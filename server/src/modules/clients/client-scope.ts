import type { DB } from '../../db/database.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { listAssignedClientIds } from '../../repositories/assignments.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'

// docs/spec/product.md §2: admins and managers see every client; operators and viewers only theirs.
const SEES_ALL = new Set(['admin', 'manager'])

/** The client ids a user may see, or null for all of them. */
export async function visibleClientIds(db: DB, session: AuthenticatedSession): Promise<string[] | null> {
  if (SEES_ALL.has(session.user.role)) return null
  return listAssignedClientIds(db, session.user.id)
}

/** 404 — as if it did not exist — for a client outside the user's assignments. */
export async function assertClientVisible(
  db: DB,
  session: AuthenticatedSession,
  clientId: string,
): Promise<void> {
  const visible = await visibleClientIds(db, session)
  if (visible && !visible.includes(clientId)) throw new NotFoundError(`Client ${clientId} not found`)
}
