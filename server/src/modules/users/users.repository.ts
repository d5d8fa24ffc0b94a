import { count, eq, sql } from 'drizzle-orm'
import type { DB } from '../../db/database.ts'
import { users } from '../../db/schema.ts'

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
  const rows = await db
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
    .returning({ id: users.id })
  return rows[0]?.id ?? null
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
