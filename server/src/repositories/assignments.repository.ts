import { and, eq, inArray } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { clients, userClientAssignments } from '../db/schema.ts'

export async function findClientName(db: DB, clientId: string): Promise<string | null> {
  const [row] = await db.select({ name: clients.name }).from(clients).where(eq(clients.clientId, clientId))
  return row?.name ?? null
}

/** Creates the assignment, or refreshes its permissions when it exists; true when new. */
export async function upsertAssignment(
  db: DB,
  assignment: { userId: number; clientId: string; permissions: Record<string, unknown>; assignedBy: number },
): Promise<boolean> {
  const existing = await findAssignment(db, assignment.userId, assignment.clientId)
  if (existing) {
    await db
      .update(userClientAssignments)
      .set({ permissions: assignment.permissions })
      .where(eq(userClientAssignments.id, existing.id))
    return false
  }
  await db.insert(userClientAssignments).values(assignment)
  return true
}

export async function findAssignment(db: DB, userId: number, clientId: string) {
  const [row] = await db
    .select()
    .from(userClientAssignments)
    .where(and(eq(userClientAssignments.userId, userId), eq(userClientAssignments.clientId, clientId)))
  return row ?? null
}

export async function deleteAssignment(db: DB, userId: number, clientId: string): Promise<boolean> {
  const rows = await db
    .delete(userClientAssignments)
    .where(and(eq(userClientAssignments.userId, userId), eq(userClientAssignments.clientId, clientId)))
    .returning({ id: userClientAssignments.id })
  return rows.length > 0
}

/** Each user's assigned clients with their names, for the user list. */
export async function listAssignmentsForUsers(db: DB, userIds: number[]) {
  if (userIds.length === 0) return []
  return db
    .select({
      userId: userClientAssignments.userId,
      clientId: userClientAssignments.clientId,
      name: clients.name,
    })
    .from(userClientAssignments)
    .innerJoin(clients, eq(clients.clientId, userClientAssignments.clientId))
    .where(inArray(userClientAssignments.userId, userIds))
    .orderBy(clients.name)
}

export async function listAssignedClientIds(db: DB, userId: number): Promise<string[]> {
  const rows = await db
    .select({ clientId: userClientAssignments.clientId })
    .from(userClientAssignments)
    .where(eq(userClientAssignments.userId, userId))
  return rows.map((row) => row.clientId)
}
