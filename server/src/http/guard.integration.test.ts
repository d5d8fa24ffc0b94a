import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../composition-root.ts'
import { loadConfig } from '../config/config.ts'
import { type Database, openDatabase } from '../db/database.ts'
import { hashPassword } from '../lib/passwords.ts'
import { seedRolePermissions } from '../repositories/role-permissions.repository.ts'
import { insertUserIfAbsent } from '../repositories/users.repository.ts'
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts'

// The guard on its own: an app with a route per kind of access, and a user of each role.
let testDb: TestDatabase
let database: Database
let app: FastifyInstance

beforeAll(async () => {
  testDb = await createTestDatabase()
  database = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir })
  await seedRolePermissions(database.db)
  for (const role of ['admin', 'manager', 'operator', 'viewer']) {
    await insertUserIfAbsent(database.db, {
      username: role,
      passwordHash: await hashPassword(`${role}-password`),
      role,
    })
  }
  const config = loadConfig({ DATA_DIR: testDb.dataDir, PORT: '5000' })
  const built = await buildApp({ config, database, logger: false })
  app = built.app
  app.get('/api/probe/roles', { config: { access: 'canManageRoles' } }, async () => ({ ok: true }))
  app.get('/api/probe/inbox', { config: { access: 'canViewInbox' } }, async () => ({ ok: true }))
  app.get('/api/probe/me', { config: { access: 'signedIn' } }, async () => ({ ok: true }))
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await database?.close()
  await testDb?.dispose()
})

async function cookieFor(role: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: role, password: `${role}-password` },
  })
  expect(response.statusCode).toBe(200)
  return (response.headers['set-cookie'] as string).split(';')[0] ?? ''
}

describe('permission guard', () => {
  it.each([
    ['admin', '/api/probe/roles', 200],
    ['manager', '/api/probe/roles', 403],
    ['operator', '/api/probe/roles', 403],
    ['viewer', '/api/probe/roles', 403],
    ['viewer', '/api/probe/inbox', 200],
    ['operator', '/api/probe/me', 200],
  ])('%s on %s → %i', async (role, url, status) => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie: await cookieFor(role) } })
    expect(response.statusCode).toBe(status)
    if (status === 403) {
      expect(response.json()).toEqual({ error: `Your role (${role}) lacks the canManageRoles permission` })
    }
  })

  it('answers 401 without a session before looking at permissions', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/probe/roles' })
    expect(response.statusCode).toBe(401)
  })
})
