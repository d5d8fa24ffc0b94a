import { randomBytes } from 'node:crypto'
import type { AppConfig } from './config/config.ts'
import type { DB } from './db/database.ts'
import { hashPassword } from './lib/passwords.ts'
import { seedRolePermissions } from './repositories/role-permissions.repository.ts'
import { countUsers, insertUserIfAbsent } from './repositories/users.repository.ts'

export interface FirstAdmin {
  username: string
  /** Present only when generated here; it is shown once and never stored in clear. */
  generatedPassword?: string
}

/**
 * Seeds what a fresh database needs: the four roles' default flags, and the first admin when
 * no user exists — from ADMIN_USERNAME/ADMIN_PASSWORD, or with a generated password. There is
 * never a fixed default password.
 */
export async function bootstrapDatabase(db: DB, config: AppConfig): Promise<FirstAdmin | null> {
  await seedRolePermissions(db)
  if ((await countUsers(db)) > 0) return null
  const generatedPassword = config.admin.password ? undefined : randomBytes(12).toString('base64url')
  const password = config.admin.password ?? generatedPassword ?? ''
  const id = await insertUserIfAbsent(db, {
    username: config.admin.username,
    passwordHash: await hashPassword(password),
    role: 'admin',
  })
  // Another process may have created it at the same moment; only the one that did reports it.
  return id === null ? null : { username: config.admin.username, generatedPassword }
}
