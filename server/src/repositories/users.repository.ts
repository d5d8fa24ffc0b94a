import { and, count, eq, ne, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { userSessions, users } from '../db/schema.ts'

/** Every column but the password hash: what any caller may see. */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
}

export interface NewUser {
  username: string
  passwordHash: string
  role: string
  email?: string | null
  firstName?: string | null
  lastName?: string | null
  isActive?: boolean
}

export async function countUsers(db: DB): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users)
  return row?.n ?? 0
}

/** Inserts unless the username exists; returns the new id, or null when it already existed. */
export async function insertUserIfAbsent(db: DB, user: NewUser): Promise<number | null> {
  return (await insertUser(db, user))?.id ?? null
}

/** The one read that includes the password hash, for checking a sign-in. */
export async function findUserCredentials(db: DB, username: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.password, isActive: users.isActive })
    .from(users)
    .where(eq(users.username, username))
  return row ?? null
}

export async function recordLogin(db: DB, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ lastLogin: at, updatedAt: sql`now()` }).where(eq(users.id, userId))
}

export type PublicUser = NonNullable<Awaited<ReturnType<typeof findUserById>>>

export async function findUserById(db: DB, id: number) {
  const [row] = await db.select(publicUserColumns).from(users).where(eq(users.id, id))
  return row ?? null
}

export async function listUsers(db: DB) {
  return db.select(publicUserColumns).from(users).orderBy(users.username)
}

export async function insertUser(db: DB, user: NewUser) {
  const [row] = await db
    .insert(users)
    .values({
      username: user.username,
      password: user.passwordHash,
      role: user.role,
      email: user.email ?? null,
      firstName: user.firstName ?? null,
      lastName: user.lastName ?? null,
      isActive: user.isActive ?? true,
    })
    .onConflictDoNothing({ target: users.username })
    .returning(publicUserColumns)
  return row ?? null
}

export interface UserChanges {
  username?: string
  passwordHash?: string
  email?: string | null
  firstName?: string | null
  lastName?: string | null
  role?: string
  isActive?: boolean
}

export async function updateUser(db: DB, id: number, changes: UserChanges) {
  const { passwordHash, ...rest } = changes
  const [row] = await db
    .update(users)
    .set({ ...rest, ...(passwordHash ? { password: passwordHash } : {}), updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning(publicUserColumns)
  return row ?? null
}

export async function deleteUser(db: DB, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id))
}

export async function isUsernameTaken(db: DB, username: string, exceptId?: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username))
  return row !== undefined && row.id !== exceptId
}

/**
 * Ids of the active admins, locked until the transaction ends, so two concurrent changes cannot
 * both remove "the other" last admin.
 */
export async function lockActiveAdminIds(db: DB): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)))
    .for('update')
  return rows.map((row) => row.id)
}

/** Ends a user's sessions, except the one given (the user's own, when they change their password). */
export async function deleteUserSessions(db: DB, userId: number, exceptSessionId?: number): Promise<void> {
  await db
    .delete(userSessions)
    .where(
      and(
        eq(userSessions.userId, userId),
        exceptSessionId ? ne(userSessions.id, exceptSessionId) : undefined,
      ),
    )
}
