import { type ContactSyncStatus, contactSyncStatusSchema } from '@common/contacts.ts'
import { importStatusSchema } from '@common/imports.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../testing/connected-world.ts'
import { waitFor } from '../testing/wait-for.ts'
import { QUEUES } from './queue/queues.ts'

// docs/decisions/0018 §1: "Sync All Leads to GHL Contacts" went through every lead inside the HTTP
// request. Over real HTTP against both simulators, with many stored leads (GHL allows 100 calls
// per 10 s per location, so the sync takes seconds): the POST answers 202 at once, the progress is
// readable, a second click while it runs starts nothing, and the job finishes.

const LEADS = 60
let world: ConnectedWorld
const status = `/api/clients/${ACME.clientId}/ghl/contact-sync-status`
const start = `/api/clients/${ACME.clientId}/ghl/sync-contacts`

async function readStatus(): Promise<ContactSyncStatus> {
  const response = await world.admin.get(status)
  expect(response.status, response.text).toBe(200)
  return contactSyncStatusSchema.parse(response.body)
}

beforeAll(async () => {
  world = await startConnectedWorld()
  // Leads that sent no webhook, stored by the historical import (3 sample leads + these).
  for (let i = 0; i < LEADS; i++) world.sims.newLead(`bulk-lead-${i}`, { notify: false })
  const started = await world.admin.post('/api/import-historical-leads', { clientId: ACME.clientId })
  expect(started.status, started.text).toBe(200)
  await waitFor(
    'the import to store every lead',
    async () => {
      const body = importStatusSchema.parse(
        (await world.admin.get(`/api/clients/${ACME.clientId}/import-status`)).body,
      )
      return body.status === 'completed' && body.storedLeads === LEADS + 3
    },
    120_000,
    250,
  )
}, 180_000)
afterAll(() => world?.close())

describe('contact sync as a job', () => {
  it('answers 202 at once, shows progress, refuses a second run meanwhile, and finishes', async () => {
    expect(await readStatus()).toMatchObject({ status: 'never', leadsDone: 0, startedAt: null })
    const ghlCallsBefore = world.ghl.server.requests.list().length

    const t0 = Date.now()
    const first = await world.admin.post(start)
    const answeredInMs = Date.now() - t0
    expect(first.status, first.text).toBe(202)
    const started = contactSyncStatusSchema.parse(first.body)
    expect(started).toMatchObject({ status: 'running', errors: 0, finishedAt: null })
    // The work is GHL's to pace (100 calls per 10 s): the request does none of it.
    expect(answeredInMs).toBeLessThan(1_500)

    // A second click while it runs: the same sync answered, no second job.
    const second = await world.admin.post(start)
    expect(second.status, second.text).toBe(202)
    expect(contactSyncStatusSchema.parse(second.body)).toMatchObject({
      status: 'running',
      startedAt: started.startedAt,
    })

    // Progress is readable while it runs.
    const midway = await waitFor(
      'progress part way',
      async () => {
        const now = await readStatus()
        return now.status === 'running' && now.leadsTotal === LEADS + 3 && now.leadsDone > 0 ? now : null
      },
      60_000,
      50,
    )
    expect(midway.leadsDone).toBeLessThan(LEADS + 3)

    const done = await waitFor(
      'the contact sync to finish',
      async () => {
        const now = await readStatus()
        return now.status === 'completed' ? now : null
      },
      120_000,
      250,
    )
    expect(done).toMatchObject({
      leadsTotal: LEADS + 3,
      leadsDone: LEADS + 3,
      success: LEADS + 3,
      errors: 0,
      failures: [],
      error: null,
      startedAt: started.startedAt,
    })
    expect(done.finishedAt).not.toBeNull()
    expect(world.ghl.server.requests.list().length).toBeGreaterThan(ghlCallsBefore)
    expect(await world.sims.ghlContacts()).toHaveLength(LEADS + 3)

    const jobs = await world.server.server.database.execute(
      `select count(*)::int as n from pgboss.job where name = '${QUEUES.contactSync}'`,
    )
    expect(jobs.rows[0]).toEqual({ n: 1 })
  }, 180_000)

  it('starts again once the last one finished', async () => {
    const again = await world.admin.post(start)
    expect(again.status, again.text).toBe(202)
    expect(contactSyncStatusSchema.parse(again.body)).toMatchObject({ status: 'running', leadsDone: 0 })
    await waitFor(
      'the second sync to finish',
      async () => (await readStatus()).status === 'completed',
      120_000,
      250,
    )
  }, 180_000)

  it('refuses a client whose GoHighLevel is not connected (400), and an unknown one (404)', async () => {
    expect((await world.admin.post('/api/clients', { clientId: 'bare', name: 'Bare Co' })).status).toBe(201)
    const bare = await world.admin.post('/api/clients/bare/ghl/sync-contacts')
    expect(bare.status).toBe(400)
    expect((bare.body as { error: string }).error).toMatch(/clientId/)
    const bareStatus = await world.admin.get('/api/clients/bare/ghl/contact-sync-status')
    expect(bareStatus.body).toMatchObject({ status: 'never' })
    expect((await world.admin.post('/api/clients/nobody/ghl/sync-contacts')).status).toBe(404)
  })
})
