import { and, eq, gt, lt, type SQL } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { rolePermissions, userSessions, users } from '../db/schema.ts'
import { publicUserColumns } from './users.repository.ts'

export async function insertSession(
  db: DB,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.insert(userSessions).values({ userId, sessionToken: tokenHash, expiresAt })
}

/**
 * The live session for a token hash with its user and role flags, in one round trip: neither
 * idle past its expiry nor opened before `openedAfter` (the absolute lifetime).
 */
export async function findLiveSession(db: DB, tokenHash: string, now: Date, openedAfter: Date) {
  return findLive(db, eq(userSessions.sessionToken, tokenHash), now, openedAfter)
}

/** The same by the session's id (an open event stream re-reads its session by it). */
export async function findLiveSessionById(db: DB, sessionId: number, now: Date, openedAfter: Date) {
  return findLive(db, eq(userSessions.id, sessionId), now, openedAfter)
}

async function findLive(db: DB, which: SQL, now: Date, openedAfter: Date) {
  const [row] = await db
    .select({
      sessionId: userSessions.id,
      expiresAt: userSessions.expiresAt,
      user: publicUserColumns,
      rolePermissions: rolePermissions.permissions,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .leftJoin(rolePermissions, eq(rolePermissions.role, users.role))
    .where(and(which, gt(userSessions.expiresAt, now), gt(userSessions.createdAt, openedAfter)))
  return row ?? null
}

export async function extendSession(db: DB, sessionId: number, expiresAt: Date): Promise<void> {
  await db.update(userSessions).set({ expiresAt }).where(eq(userSessions.id, sessionId))
}

export async function deleteSessionByHash(db: DB, tokenHash: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.sessionToken, tokenHash))
}

export async function deleteSessionById(db: DB, sessionId: number): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.id, sessionId))
}

export async function deleteSessionsExpiredBy(db: DB, now: Date): Promise<void> {
  await db.delete(userSessions).where(lt(userSessions.expiresAt, now))
}
