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

/** What every start needs before it serves anything: the four roles' default flags. */
export async function seedDatabase(db: DB): Promise<void> {
  await seedRolePermissions(db)
}

/**
 * The first admin a fresh database needs — from ADMIN_USERNAME/ADMIN_PASSWORD, or with a
 * generated password; there is never a fixed default password. Prepared (and hashed) before the
 * server listens, stored by `create` only once it does: a start that fails before (a port in
 * use) must not spend the one showing of the password. Null when a user exists already.
 */
export async function prepareFirstAdmin(
  db: DB,
  config: AppConfig,
): Promise<{ create(): Promise<FirstAdmin | null> } | null> {
  if ((await countUsers(db)) > 0) return null
  const generatedPassword = config.admin.password ? undefined : randomBytes(12).toString('base64url')
  const passwordHash = await hashPassword(config.admin.password ?? generatedPassword ?? '')
  return {
    create: async () => {
      const id = await insertUserIfAbsent(db, {
        username: config.admin.username,
        passwordHash,
        role: 'admin',
      })
      // Another process may have created it at the same moment; only the one that did reports it.
      return id === null ? null : { username: config.admin.username, generatedPassword }
    },
  }
}
