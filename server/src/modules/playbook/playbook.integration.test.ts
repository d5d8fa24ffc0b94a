import { DEFAULT_PLAYBOOK, type PlaybookInput } from '@common/playbook.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInScopedOperator } from '../../testing/scoped-user.ts'
import { SessionClient } from '../../testing/session-client.ts'
import { startTestServer, type TestServer } from '../../testing/test-server.ts'

// GET / PUT /api/clients/{clientId}/playbook (docs/spec/product.md §9.2): defaults until saved,
// every invalid field a 400 that names it and changes nothing, canManageClientIntegrations only.

let server: TestServer
let admin: SessionClient
let scoped: SessionClient

const PLAYBOOK: PlaybookInput = {
  timezone: 'America/Los_Angeles',
  businessHours: {
    mon: [['08:00', '18:00']],
    tue: [
      ['08:00', '12:00'],
      ['13:00', '18:00'],
    ],
    sat: [],
    sun: [],
  },
  firstReply: {
    enabled: true,
    mode: 'auto',
    delaySeconds: 30,
    inHours: "Hi {firstName}, thanks for reaching out about {jobType}! We'll call you shortly.",
    afterHours: "Hi {firstName}, we're closed now and will reply first thing in the morning.",
  },
  followUps: [
    { afterMinutes: 60, text: 'Hi {firstName}, still need help with {jobType}?' },
    { afterMinutes: 1440, text: '{businessName} here: happy to give you a quote.' },
  ],
  followUpMode: 'suggest',
  profile: 'Family-run roofing in San Francisco since 1990.',
}

const put = (client: SessionClient, clientId: string, json: unknown) =>
  client.request('PUT', `/api/clients/${clientId}/playbook`, { json })

beforeAll(async () => {
  server = await startTestServer()
  admin = new SessionClient(server.url)
  await admin.login(server.adminUsername, server.adminPassword)
  for (const clientId of ['acme', 'bravo'])
    expect((await admin.post('/api/clients', { clientId, name: `${clientId} Co` })).status).toBe(201)
  // An operator given the integrations flag, assigned to bravo only.
  scoped = await signInScopedOperator(server.url, admin, {
    username: 'playbook-operator',
    clientIds: ['bravo'],
    grant: ['canManageClientIntegrations'],
  })
})
afterAll(() => server?.close())

describe('the response playbook', () => {
  it('answers the defaults before anything is saved', async () => {
    const response = await admin.get('/api/clients/acme/playbook')
    expect(response.status).toBe(200)
    expect(response.body).toEqual(DEFAULT_PLAYBOOK)
  })

  it('saves a playbook whole and answers it back, audited', async () => {
    const saved = await put(admin, 'acme', PLAYBOOK)
    expect(saved.status, saved.text).toBe(200)
    expect(saved.body).toEqual({
      ...PLAYBOOK,
      firstReply: { ...PLAYBOOK.firstReply, source: 'template' },
      allowContactDetails: false,
    })
    expect((await admin.get('/api/clients/acme/playbook')).body).toEqual(saved.body)
    const audit = await admin.get('/api/audit')
    expect(JSON.stringify(audit.body)).toContain('client.playbook_updated')
  })

  it.each([
    [{ timezone: 'Pacific/Atlantis' }, 'timezone: must be an IANA timezone'],
    [{ businessHours: { mon: [['09:00', '08:00']] } }, 'businessHours.mon.0: must end after it starts'],
    [{ businessHours: { someday: [] } }, 'businessHours: must use only the weekdays mon'],
    [
      { firstReply: { ...PLAYBOOK.firstReply, delaySeconds: -1 } },
      'firstReply.delaySeconds: must be between 0 and 3600',
    ],
    [
      { firstReply: { ...PLAYBOOK.firstReply, mode: 'sometimes' } },
      'firstReply.mode: must be one of auto, suggest',
    ],
    [
      { firstReply: { ...PLAYBOOK.firstReply, inHours: 'Hi {customer}' } },
      'firstReply.inHours: unknown placeholder {customer}',
    ],
    [
      { followUps: [{ afterMinutes: 20000, text: 'x' }] },
      'followUps.0.afterMinutes: must be between 1 and 10080',
    ],
    [{ followUps: Array(6).fill({ afterMinutes: 60, text: 'x' }) }, 'followUps: must have at most 5 steps'],
    [{ followUpMode: 'loud' }, 'followUpMode: must be one of auto, suggest'],
    [{ profile: 'x'.repeat(2001) }, 'profile: must be at most 2000 characters'],
    [{ allowContactDetails: 'yes' }, 'allowContactDetails: must be true or false'],
    [
      { firstReply: { enabled: true, mode: 'auto', delaySeconds: 0, source: 'robot', inHours: 'Hi' } },
      'firstReply.source: must be one of template, ai',
    ],
  ])('refuses %j with a 400 naming the field, changing nothing', async (patch, message) => {
    const before = (await admin.get('/api/clients/acme/playbook')).body
    const response = await put(admin, 'acme', { ...PLAYBOOK, ...patch })
    expect(response.status).toBe(400)
    expect((response.body as { error: string }).error).toContain(message)
    expect((await admin.get('/api/clients/acme/playbook')).body).toEqual(before)
  })

  it('refuses a body that is not a playbook', async () => {
    expect((await put(admin, 'acme', null)).status).toBe(400)
    expect((await put(admin, 'acme', { timezone: 'UTC' })).status).toBe(400)
  })

  it('answers 404 for an unknown client and for a client outside the caller’s assignments', async () => {
    expect((await admin.get('/api/clients/nobody/playbook')).status).toBe(404)
    expect((await put(admin, 'nobody', PLAYBOOK)).status).toBe(404)
    expect((await scoped.get('/api/clients/acme/playbook')).status).toBe(404)
    expect((await put(scoped, 'bravo', PLAYBOOK)).status).toBe(200)
  })

  it('needs canManageClientIntegrations', async () => {
    const viewer = new SessionClient(server.url)
    expect(
      (await admin.post('/api/users', { username: 'pb-viewer', password: 'viewer-pass-1', role: 'viewer' }))
        .status,
    ).toBe(201)
    await viewer.login('pb-viewer', 'viewer-pass-1')
    expect((await viewer.get('/api/clients/acme/playbook')).status).toBe(403)
    expect((await put(viewer, 'acme', PLAYBOOK)).status).toBe(403)
  })

  it('summarizes on or off per visible client, without the texts', async () => {
    expect((await admin.post('/api/clients', { clientId: 'charlie', name: 'Charlie Co' })).status).toBe(201)
    const off = { ...PLAYBOOK, firstReply: { ...PLAYBOOK.firstReply, enabled: false }, followUps: [] }
    expect((await put(admin, 'charlie', off)).status).toBe(200)
    const all = await admin.get('/api/playbooks/summary')
    expect(all.status).toBe(200)
    const byClient = new Map((all.body as Array<{ clientId: string }>).map((each) => [each.clientId, each]))
    expect(byClient.get('acme')).toEqual({
      clientId: 'acme',
      firstReply: { enabled: true, mode: 'auto' },
      followUps: 2,
      followUpMode: 'suggest',
    })
    expect(byClient.get('charlie')).toMatchObject({ firstReply: { enabled: false }, followUps: 0 })
    expect(all.text).not.toContain('thanks for reaching out')
    // An operator sees only the clients assigned to it.
    const mine = await scoped.get('/api/playbooks/summary')
    expect((mine.body as Array<{ clientId: string }>).map((each) => each.clientId)).toEqual(['bravo'])
  })
})
