import { randomUUID } from 'node:crypto'
import type { ClientView } from '@common/clients.ts'
import { MAX } from '@common/text-bounds.ts'
import { desc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  auditLog,
  clients,
  contactSyncs,
  ghlContacts,
  ghlCustomFields,
  leadImports,
  leads,
  locations,
  messages,
  providerConnections,
  rolePermissions,
  systemSettings,
  userClientAssignments,
  users,
  webhookLogs,
} from '../db/schema.ts'
import { bodyWith, schemaFields, unboundedFields } from '../testing/schema-fields.ts'
import { type SimulatedWorld, startWithSimulators } from '../testing/with-simulators.ts'
import { MAX_JSON_DEPTH } from './json-body.ts'

// docs/decisions/0016 §3: every input is bounded, and bad input of any shape is a 4xx that changes nothing.
// The cases are generated from the server's route table (each mutating route declares the
// `common/` schema of its body), so a route added later is fuzzed without touching this file.

let world: SimulatedWorld
let viewerId = 0
const db = () => world.server.server.database.db
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

beforeAll(async () => {
  world = await startWithSimulators()
  const created = await world.admin.post('/api/clients', { clientId: 'acme', name: 'Acme', email: 'a@x.io' })
  expect(created.status, created.text).toBe(201)
  const viewer = await world.admin.post('/api/users', {
    username: 'fuzz-viewer',
    password: 'fuzz-pass',
    role: 'viewer',
  })
  expect(viewer.status, viewer.text).toBe(201)
  viewerId = (viewer.body as { id: number }).id
})
afterAll(() => world?.close())

/** Everything a request could change, logs of refused requests and sessions aside. */
async function snapshot(): Promise<string> {
  const tables = [
    users,
    clients,
    providerConnections,
    locations,
    userClientAssignments,
    rolePermissions,
    systemSettings,
    ghlCustomFields,
    leads,
    messages,
    ghlContacts,
    leadImports,
    contactSyncs,
    auditLog,
  ]
  const rows = await Promise.all(tables.map((table) => db().select().from(table)))
  return JSON.stringify(rows.map((list) => list.map((row) => JSON.stringify(row)).sort()))
}

function providerCalls(): number {
  return world.yelp.server.requests.list().length + world.ghl.server.requests.list().length
}

/**
 * The name a refusal must carry: the field's path, except where the path chooses the rules. A
 * setting's `value` is checked by the rules of the setting its key names, and its errors name
 * that setting (docs/spec/dashboard-spec.md §9 messages, e.g. "sessionTimeout: Session timeout must be ...").
 */
function errorNameOf(route: { method: string; url: string }, path: readonly (string | number)[]): string {
  if (route.url === '/api/settings/:key' && path.join('.') === 'value')
    return concretePath(route.url).split('/').at(-1) ?? ''
  return path.join('.')
}

/** Path parameters that name existing rows, so a call that got through would change them. */
function concretePath(url: string, override?: { name: string; value: string }): string {
  return url.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
    if (override?.name === name) return override.value
    if (name === 'clientId') return 'acme'
    if (name === 'role') return 'viewer'
    if (name === 'key') return 'sessionTimeout'
    if (url.startsWith('/api/jobs')) return randomUUID()
    return String(viewerId)
  })
}

function mutatingRoutes() {
  return world.server.server.routes.filter((route) => MUTATING.has(route.method))
}

async function send(method: string, path: string, init: { json?: unknown; body?: string }) {
  const headers = init.body !== undefined ? { 'content-type': 'application/json' } : undefined
  return world.admin.request(method, path, { ...init, ...(headers ? { headers } : {}) })
}

function tooLong(length: number): string {
  return 'x'.repeat(length + 1)
}

function wrongTypeFor(kind: string): unknown {
  return kind === 'string' || kind === 'enum'
    ? 12345
    : kind === 'number'
      ? 'x'
      : kind === 'boolean'
        ? 'yes'
        : 'x'
}

describe('schema bounds', () => {
  it('every declared body schema bounds its strings and arrays', () => {
    const routes = world.server.server.routes.filter((route) => route.body)
    expect(routes.length).toBeGreaterThan(10)
    const problems = routes.flatMap((route) =>
      unboundedFields(route.body!).map((field) => `${route.method} ${route.url}: ${field}`),
    )
    expect(problems).toEqual([])
  })

  it('every mutating /api route that reads a body declares it', () => {
    // The routes below take no body: their path says everything.
    const bodyless = mutatingRoutes().filter((route) => !route.body && route.url.startsWith('/api'))
    expect(bodyless.map((route) => `${route.method} ${route.url}`).sort()).toEqual(
      [
        'DELETE /api/alert-channels/:id',
        // The hub builds the test alert itself (docs/spec/product.md §9.3).
        'POST /api/alert-channels/:id/test',
        'DELETE /api/clients/:clientId',
        // Discarding a draft: the path names it (docs/spec/product.md §9.2).
        'DELETE /api/leads/:leadId/drafts/:draftId',
        // An AI draft is written from the lead the path names (docs/spec/product.md §9.6).
        'POST /api/leads/:leadId/drafts/ai',
        'DELETE /api/users/:id',
        'DELETE /api/users/:userId/clients/:clientId',
        'POST /api/auth/logout',
        'POST /api/backup',
        'POST /api/clients/:clientId/ghl/analyze-leads',
        'POST /api/clients/:clientId/ghl/delete-custom-fields',
        'POST /api/clients/:clientId/ghl/sync-contacts',
        // The pipeline's backfill: like the contact sync, a job over the client's stored leads.
        'POST /api/clients/:clientId/ghl/sync-opportunities',
        'POST /api/clients/:clientId/onboarding-link',
        'POST /api/clients/:clientId/refresh-tokens',
        'POST /api/jobs/:id/retry',
        'POST /api/leads/:leadId/replies/:messageId/retry',
        // The hub builds the test delivery itself (docs/spec/product.md §6.1): nothing is read from the caller.
        'POST /api/test-webhook',
      ].sort(),
    )
  })
})

describe('input fuzz over the route table', () => {
  it('answers a too-long value in each field with a 4xx naming it, and changes nothing', {
    timeout: 300_000,
  }, async () => {
    const failures: string[] = []
    for (const route of mutatingRoutes().filter((r) => r.body)) {
      for (const field of schemaFields(route.body!)) {
        if (field.maxLength === null) continue
        const name = errorNameOf(route, field.path)
        const value =
          field.kind === 'string' ? tooLong(field.maxLength) : Array(field.maxLength + 1).fill('a')
        const before = await snapshot()
        const calls = providerCalls()
        const response = await send(route.method, concretePath(route.url), {
          json: bodyWith(field.path, value),
        })
        const error = (response.body as { error?: string } | null)?.error ?? ''
        if (response.status < 400 || response.status >= 500 || !error.includes(`${name}:`))
          failures.push(`${route.method} ${route.url} ${name} → ${response.status} ${error.slice(0, 200)}`)
        if ((await snapshot()) !== before) failures.push(`${route.method} ${route.url} ${name} changed rows`)
        if (providerCalls() !== calls) failures.push(`${route.method} ${route.url} ${name} called a provider`)
      }
    }
    expect(failures).toEqual([])
  })

  it('answers a wrong type in each field with a 4xx naming it, and changes nothing', {
    timeout: 300_000,
  }, async () => {
    const failures: string[] = []
    for (const route of mutatingRoutes().filter((r) => r.body)) {
      for (const field of schemaFields(route.body!)) {
        if (field.path.length === 0) continue
        const name = errorNameOf(route, field.path)
        const before = await snapshot()
        const response = await send(route.method, concretePath(route.url), {
          json: bodyWith(field.path, wrongTypeFor(field.kind)),
        })
        const error = (response.body as { error?: string } | null)?.error ?? ''
        if (response.status < 400 || response.status >= 500 || !error.includes(`${name}:`))
          failures.push(`${route.method} ${route.url} ${name} → ${response.status} ${error.slice(0, 200)}`)
        if ((await snapshot()) !== before) failures.push(`${route.method} ${route.url} ${name} changed rows`)
      }
    }
    expect(failures).toEqual([])
  })

  it('answers a too-long path parameter with a 4xx naming it, on every route', {
    timeout: 300_000,
  }, async () => {
    const failures: string[] = []
    for (const route of world.server.server.routes) {
      for (const [, name] of route.url.matchAll(/:([A-Za-z]+)/g)) {
        // Our ids stop at MAX.id; a provider's id in a path (a Yelp lead) at MAX.providerId.
        const ceiling = name === 'leadId' ? MAX.providerId : MAX.id
        const path = concretePath(route.url, { name: name!, value: tooLong(ceiling) })
        const before = await snapshot()
        const response = await send(route.method, path, MUTATING.has(route.method) ? { json: {} } : {})
        const error = (response.body as { error?: string } | null)?.error ?? ''
        if (response.status < 400 || response.status >= 500 || !error.includes(`${name}:`))
          failures.push(`${route.method} ${route.url} ${name} → ${response.status} ${error.slice(0, 200)}`)
        if ((await snapshot()) !== before) failures.push(`${route.method} ${route.url} ${name} changed rows`)
      }
    }
    expect(failures).toEqual([])
  })

  it('never answers 5xx nor changes a row for hostile bodies on any mutating route', {
    timeout: 300_000,
  }, async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`
    const hostile: Array<[string, { json?: unknown; body?: string }, number | null]> = [
      ['a 200,000-deep array', { body: deep }, 400],
      [
        'nesting one past the limit',
        { body: `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}` },
        400,
      ],
      ['a __proto__ key', { body: '{"__proto__":{"role":"admin","isAdmin":true}}' }, 400],
      ['a constructor.prototype key', { body: '{"constructor":{"prototype":{"role":"admin"}}}' }, 400],
    ]
    const failures: string[] = []
    for (const route of mutatingRoutes()) {
      // Signing out ends the session this test runs with; nothing else to change there.
      if (route.url === '/api/auth/logout') continue
      // GHL's delivery URL and app webhook URL check the signature over the raw bytes before
      // anything else: an unsigned hostile body is a 401 there.
      const isSigned = route.url === '/reply' || route.url === '/ghl/webhook'
      const variants: Array<[string, { json?: unknown; body?: string }, number | null]> = isSigned
        ? hostile.map(([label, init]) => [label, init, 401])
        : [...hostile]
      // Only a route that reads a body can be sent a wrong one: the others would simply act.
      if (route.body)
        variants.push(
          ['an array body', { json: [] }, null],
          ['a string body', { json: 'x' }, null],
          ['a number body', { json: 7 }, null],
          ['null', { json: null }, null],
        )
      for (const [label, init, expected] of variants) {
        const before = await snapshot()
        const response = await send(route.method, concretePath(route.url), init)
        const wrong =
          expected === null ? response.status >= 500 || response.status < 400 : response.status !== expected
        if (wrong)
          failures.push(
            `${route.method} ${route.url} ${label} → ${response.status} ${response.text.slice(0, 200)}`,
          )
        if ((await snapshot()) !== before) failures.push(`${route.method} ${route.url} ${label} changed rows`)
      }
      // Missing fields: the empty object. Some routes accept it (every field optional), so only
      // "never a 5xx" holds for all.
      if (route.body) {
        const response = await send(route.method, concretePath(route.url), { json: {} })
        if (response.status >= 500) failures.push(`${route.method} ${route.url} {} → ${response.status}`)
      }
    }
    expect(failures).toEqual([])
  })
})

describe('the findings of issue 11', () => {
  it('refuses a 1 MB GHL location key with 400 and never sends it to GHL', async () => {
    const calls = world.ghl.server.requests.list().length
    const response = await world.admin.request('PUT', '/api/clients/acme', {
      json: { ghlLocationApiKey: 'k'.repeat(1_000_000), ghlLocationId: 'LocAAA111' },
    })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: 'ghlLocationApiKey: Location API key is too long' })
    expect(world.ghl.server.requests.list().length).toBe(calls)
    expect(((await world.admin.get('/api/clients/acme')).body as ClientView).ghl.hasApiKey).toBe(false)
  })

  it('refuses a 1 MB custom field name', async () => {
    const response = await world.admin.post('/api/clients/acme/ghl/create-custom-fields', {
      standardFields: [{ name: 'n'.repeat(1_000_000), type: 'TEXT' }],
      surveyQuestions: [],
      jobTypes: [],
      totalLeads: 0,
    })
    expect(response.status).toBe(400)
    expect((response.body as { error: string }).error).toBe(
      'standardFields.0.name: must be at most 500 characters',
    )
    expect(await db().select().from(ghlCustomFields)).toEqual([])
  })

  it('refuses assignment permissions other than the known flags, and stores nothing', async () => {
    const response = await world.admin.post(`/api/users/${viewerId}/clients/acme`, {
      permissions: { note: 'n'.repeat(1_000_000) },
    })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ error: 'permissions.note: unknown permission note' })
    expect(JSON.stringify(await db().select().from(userClientAssignments))).not.toContain('note')
    const flags = await world.admin.post(`/api/users/${viewerId}/clients/acme`, {
      permissions: { canViewClients: true },
    })
    expect(flags.status, flags.text).toBe(200)
    expect((await db().select().from(userClientAssignments)).map((row) => row.permissions)).toEqual([
      { canViewClients: true },
    ])
    await world.admin.request('DELETE', `/api/users/${viewerId}/clients/acme`)
  })

  it('answers a webhook nested 200,000 levels deep with 400 and logs it cut short', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`
    const response = await fetch(`${world.server.url}/yelp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deep,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: `body: nested deeper than ${MAX_JSON_DEPTH} levels` })
    const [log] = await db().select().from(webhookLogs).orderBy(desc(webhookLogs.id)).limit(1)
    expect(log?.statusCode).toBe(400)
    expect(JSON.stringify(log?.payload).length).toBeLessThan(11_000)
    // Still serving.
    expect((await world.admin.get('/api/health')).status).toBe(200)
  })

  it.each([
    ['POST', '/api/users', 1_100_000],
    ['POST', '/yelp/webhook', 600_000],
    ['POST', '/reply', 1_100_000],
    ['POST', '/ghl/webhook', 1_100_000],
  ])('answers %s %s with a body over its limit with 413', async (method, path, size) => {
    const response = await world.admin.request(method, path, {
      body: JSON.stringify({ padding: 'p'.repeat(size) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(response.status).toBe(413)
  })
})
