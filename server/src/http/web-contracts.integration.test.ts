import { alertChannelSchema, alertListSchema } from '@common/alerts.ts'
import { okResponseSchema } from '@common/api.ts'
import { sessionResponseSchema } from '@common/auth.ts'
import { clientStatsListSchema } from '@common/client-stats.ts'
import {
  clientListSchema,
  clientViewSchema,
  saveGhlApiKeyResultSchema,
  subscribeWebhookResultSchema,
  tokenRefreshResultSchema,
} from '@common/clients.ts'
import { contactSyncStatusSchema } from '@common/contacts.ts'
import {
  createCustomFieldsResultSchema,
  createFieldsResultSchema,
  customFieldListSchema,
  deleteCustomFieldsResultSchema,
  ghlStatusSchema,
  leadAnalysisSchema,
  surveyQuestionsSchema,
} from '@common/custom-fields.ts'
import { importStartedSchema, importStatusSchema } from '@common/imports.ts'
import { jobListSchema } from '@common/jobs.ts'
import { automationStepSchema } from '@common/lead-automation.ts'
import {
  lastConsumerEventId,
  leadDetailSchema,
  leadFacetsSchema,
  leadListSchema,
  leadReadAnswerSchema,
  leadRepliedAnswerSchema,
  leadReplyAnswerSchema,
  leadSchema,
} from '@common/leads.ts'
import { messageLogListSchema } from '@common/messages.ts'
import { onboardingViewSchema } from '@common/onboarding.ts'
import { rolePermissionsSchema, roleUpdateResultSchema } from '@common/permissions.ts'
import { ghlPipelineListSchema, opportunitySyncStatusSchema, pipelineAnswerSchema } from '@common/pipeline.ts'
import { playbookSchema, playbookSummaryListSchema } from '@common/playbook.ts'
import { logEndpointsSchema, logEntryListSchema, logEntrySchema } from '@common/request-logs.ts'
import { backupListSchema, backupResultSchema, settingSchema, settingsListSchema } from '@common/settings.ts'
import {
  activitySchema,
  firstRepliesSchema,
  providerAlertsSchema,
  statsSchema,
  systemHealthSchema,
  testWebhookResultSchema,
} from '@common/stats.ts'
import { auditListSchema, savedUserSchema, userListSchema } from '@common/users.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { messages } from '../db/schema.ts'
import { ACME, type ConnectedWorld, startConnectedWorld } from '../testing/connected-world.ts'
import { SessionClient } from '../testing/session-client.ts'
import { waitFor } from '../testing/wait-for.ts'

// The web parses every answer it reads with its contract in common/ (web/src/lib/api-client.ts
// apiJson). These tests call the same routes on a real server, with client `acme` connected to
// both simulators and its leads imported, and hold each answer to that contract: a server change
// that renames, drops or retypes a field, or adds one the contract does not name, fails here
// instead of on a screen.

let world: ConnectedWorld
let onboardingPath: string
/** One entry of the API & Webhook Logs, for its detail route. */
let logEntryId: string
/** A lead the import stored: the inbox's detail route needs one. */
let leadId: string

beforeAll(async () => {
  world = await startConnectedWorld()
  // Leads, survey questions, audit entries and jobs to show: lists with elements to check.
  const started = await world.admin.post('/api/import-historical-leads', { clientId: ACME.clientId })
  expect(started.status, started.text).toBe(200)
  // Waits on the status alone, so a drifted import-status answer fails its own test below.
  await waitFor('the historical import to complete', async () => {
    const { body } = await world.admin.get(`/api/clients/${ACME.clientId}/import-status`)
    return z.object({ status: z.literal('completed') }).safeParse(body).success
  })
  // The import queues one sync per lead; the inbox lists a lead once its sync stored it.
  leadId = await waitFor('a lead in the inbox', async () => {
    const { body } = await world.admin.get('/api/leads?limit=1')
    return z.array(z.object({ leadId: z.string() })).safeParse(body).data?.[0]?.leadId
  })
  // The onboarding page's link carries the token its API call needs. acme is connected to both
  // providers, so its first link is used up (docs/decisions/0016 §6): the operator's "New link" issues one
  // that opens the page again, and its answer is held to the client contract on the way.
  const issued = await world.admin.post(`/api/clients/${ACME.clientId}/onboarding-link`)
  const acme = clientViewSchema.parse(
    expectContract(`POST /api/clients/${ACME.clientId}/onboarding-link`, issued, clientViewSchema),
  )
  const link = new URL(acme.onboardingUrl)
  onboardingPath = `/api${link.pathname}${link.search}`
  // Leads reach Message Logs through the engine; one inbound and one failed outbound row stand in
  // here, so the list's elements (with leadId, error and retryJobId) are checked too.
  await world.db.insert(messages).values([
    {
      clientId: ACME.clientId,
      direction: 'inbound',
      platform: 'yelp',
      messageId: 'contract-event',
      content: 'Need a new roof',
      status: 'success',
      metadata: { leadId: 'contract-lead' },
    },
    {
      clientId: ACME.clientId,
      direction: 'outbound',
      platform: 'yelp',
      content: 'We can come Tuesday',
      status: 'error',
      metadata: { leadId: 'contract-lead', error: 'HTTP 500' },
    },
  ])
  // The import's provider calls are in the API & Webhook Logs; the newest one has a detail route.
  const logs = logEntryListSchema.parse((await world.admin.get('/api/all-request-logs?limit=1')).body)
  logEntryId = logs[0]?.id ?? 'none'
  // A backup to list (GET /api/backups); the POST's own answer is checked in the scenario below.
  const backup = await world.admin.post('/api/backup')
  expect(backup.status, backup.text).toBe(200)
}, 180_000)
afterAll(() => world?.close())

/**
 * The answer has the expected status and matches the contract exactly: parsing succeeds (named
 * fields present with their types) and drops nothing (no field the contract leaves out).
 */
function expectContract(
  call: string,
  response: { status: number; body: unknown; text: string },
  schema: z.ZodType,
  status = 200,
): unknown {
  expect(response.status, `${call}: ${response.text}`).toBe(status)
  const parsed = schema.safeParse(response.body)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
    expect.fail(`${call} drifted from its contract:\n${issues.join('\n')}`)
  }
  expect(parsed.data, `${call} answers fields its contract does not name`).toEqual(response.body)
  return parsed.data
}

interface ReadContract {
  /** The route as the server registers it. */
  route: string
  /** A concrete path of it, as the web calls it. */
  path: () => string
  schema: z.ZodType
  /** A list that must not be empty here, so its element contract is checked too. */
  hasElements?: boolean
}

const reads: ReadContract[] = [
  // Their answers with rows are held to these contracts in modules/alerts and engine/alerts tests.
  { route: '/api/alert-channels', path: () => '/api/alert-channels', schema: z.array(alertChannelSchema) },
  { route: '/api/alerts', path: () => '/api/alerts', schema: alertListSchema },
  { route: '/api/auth/me', path: () => '/api/auth/me', schema: sessionResponseSchema },
  { route: '/api/clients', path: () => '/api/clients', schema: clientListSchema, hasElements: true },
  { route: '/api/clients/:clientId', path: () => `/api/clients/${ACME.clientId}`, schema: clientViewSchema },
  {
    route: '/api/clients/:clientId/import-status',
    path: () => `/api/clients/${ACME.clientId}/import-status`,
    schema: importStatusSchema,
  },
  { route: '/api/provider-alerts', path: () => '/api/provider-alerts', schema: providerAlertsSchema },
  {
    route: '/api/clients/:clientId/ghl/contact-sync-status',
    path: () => `/api/clients/${ACME.clientId}/ghl/contact-sync-status`,
    schema: contactSyncStatusSchema,
  },
  {
    route: '/api/clients/:clientId/ghl/custom-fields',
    path: () => `/api/clients/${ACME.clientId}/ghl/custom-fields`,
    schema: ghlStatusSchema,
  },
  {
    route: '/api/clients/:clientId/survey-questions',
    path: () => `/api/clients/${ACME.clientId}/survey-questions`,
    schema: surveyQuestionsSchema,
  },
  {
    route: '/api/ghl/custom-fields/:clientId',
    path: () => `/api/ghl/custom-fields/${ACME.clientId}`,
    schema: customFieldListSchema,
    hasElements: true,
  },
  {
    route: '/api/ghl/custom-fields',
    path: () => `/api/ghl/custom-fields?clientId=${ACME.clientId}`,
    schema: customFieldListSchema,
    hasElements: true,
  },
  // The Failed Jobs card asks for failed jobs only; none fail here, so all jobs fill the list.
  { route: '/api/jobs', path: () => '/api/jobs?state=failed&limit=50', schema: jobListSchema },
  { route: '/api/jobs', path: () => '/api/jobs?limit=50', schema: jobListSchema, hasElements: true },
  { route: '/api/onboard/:clientId', path: () => onboardingPath, schema: onboardingViewSchema },
  { route: '/api/audit', path: () => '/api/audit?limit=20', schema: auditListSchema, hasElements: true },
  { route: '/api/permissions/roles', path: () => '/api/permissions/roles', schema: rolePermissionsSchema },
  { route: '/api/users', path: () => '/api/users', schema: userListSchema, hasElements: true },
  { route: '/api/stats', path: () => '/api/stats', schema: statsSchema },
  {
    route: '/api/stats/activity',
    path: () => '/api/stats/activity',
    schema: activitySchema,
    hasElements: true,
  },
  { route: '/api/system-health', path: () => '/api/system-health', schema: systemHealthSchema },
  { route: '/api/stats/clients', path: () => '/api/stats/clients', schema: clientStatsListSchema },
  { route: '/api/stats/first-replies', path: () => '/api/stats/first-replies', schema: firstRepliesSchema },
  {
    route: '/api/messages',
    path: () => `/api/messages?clientId=${ACME.clientId}&limit=50`,
    schema: messageLogListSchema,
    hasElements: true,
  },
  {
    route: '/api/all-request-logs',
    path: () => '/api/all-request-logs?limit=50',
    schema: logEntryListSchema,
    hasElements: true,
  },
  {
    route: '/api/all-request-logs/endpoints',
    path: () => '/api/all-request-logs/endpoints',
    schema: logEndpointsSchema,
    hasElements: true,
  },
  {
    route: '/api/all-request-logs/:id',
    path: () => `/api/all-request-logs/${encodeURIComponent(logEntryId)}`,
    schema: logEntrySchema,
  },
  { route: '/api/settings', path: () => '/api/settings', schema: settingsListSchema, hasElements: true },
  { route: '/api/backups', path: () => '/api/backups', schema: backupListSchema, hasElements: true },
  { route: '/api/leads', path: () => '/api/leads?limit=200', schema: leadListSchema, hasElements: true },
  {
    route: '/api/leads/facets',
    path: () => `/api/leads/facets?clientId=${ACME.clientId}`,
    schema: leadFacetsSchema,
  },
  { route: '/api/leads/:leadId', path: () => `/api/leads/${leadId}`, schema: leadDetailSchema },
  {
    route: '/api/leads/:leadId/automation',
    path: () => `/api/leads/${leadId}/automation`,
    schema: z.array(automationStepSchema),
  },
  {
    route: '/api/clients/:clientId/playbook',
    path: () => `/api/clients/${ACME.clientId}/playbook`,
    schema: playbookSchema,
  },
  {
    route: '/api/playbooks/summary',
    path: () => '/api/playbooks/summary',
    schema: playbookSummaryListSchema,
  },
  {
    route: '/api/clients/:clientId/ghl/pipelines',
    path: () => `/api/clients/${ACME.clientId}/ghl/pipelines`,
    schema: ghlPipelineListSchema,
    hasElements: true,
  },
  {
    route: '/api/clients/:clientId/pipeline',
    path: () => `/api/clients/${ACME.clientId}/pipeline`,
    schema: pipelineAnswerSchema,
  },
  {
    route: '/api/clients/:clientId/ghl/opportunity-sync-status',
    path: () => `/api/clients/${ACME.clientId}/ghl/opportunity-sync-status`,
    schema: opportunitySyncStatusSchema,
  },
]

/** GET routes whose answer is not a JSON body the web parses, and why. */
const NOT_PARSED_BY_THE_WEB: Record<string, string> = {
  '/api/health':
    'liveness for operators and probes; the header reads only its `status` (common/stats.ts publicHealthSchema)',
  '/api/yelp-auth-url': 'a redirect to the provider consent page',
  '/api/ghl-auth-url': 'a redirect to the provider consent page',
  '/api/yelp/callback': 'an HTML result page for the OAuth tab',
  '/api/ghl/callback': 'an HTML result page for the OAuth tab',
  '/api/events': 'a Server-Sent Events stream; each change event is parsed with changeEventSchema',
}

describe('GET answers match their contracts in common/', () => {
  it.each(reads)('GET $route', async ({ path, schema, hasElements }) => {
    const call = `GET ${path()}`
    const body = expectContract(call, await world.admin.get(path()), schema)
    if (hasElements) expect((body as unknown[]).length, `${call} lists nothing to check`).toBeGreaterThan(0)
  })

  it('covers every GET /api route: a new one needs a contract here or a reason it has none', () => {
    const covered = new Set([...reads.map((r) => r.route), ...Object.keys(NOT_PARSED_BY_THE_WEB)])
    const uncovered = world.server.server.routes
      .filter((r) => r.method === 'GET' && r.url.startsWith('/api') && !covered.has(r.url))
      .map((r) => r.url)
    expect(uncovered).toEqual([])
  })
})

describe('answers to the web’s changes match their contracts in common/', () => {
  // One scenario, in the order an operator would act; each step's answer is held to its contract.
  it('client, integration, import, inbox, user, role, settings and backup calls', {
    timeout: 180_000,
  }, async () => {
    const admin = world.admin
    const acme = `/api/clients/${ACME.clientId}`

    const signedIn = new SessionClient(world.server.url)
    expectContract(
      'POST /api/auth/login',
      await signedIn.post('/api/auth/login', {
        username: world.server.adminUsername,
        password: world.server.adminPassword,
      }),
      sessionResponseSchema,
    )
    expectContract('POST /api/auth/logout', await signedIn.post('/api/auth/logout'), okResponseSchema)
    expectContract('POST /api/test-webhook', await admin.post('/api/test-webhook'), testWebhookResultSchema)

    expectContract(
      'POST /api/clients',
      await admin.post('/api/clients', { clientId: 'bravo', name: 'Bravo Plumbing', email: '' }),
      clientViewSchema,
      201,
    )
    expectContract(
      'POST /api/subscribe-webhook',
      await admin.post('/api/subscribe-webhook', { clientId: ACME.clientId, businessId: ACME.business }),
      subscribeWebhookResultSchema,
    )
    expectContract(
      'POST ghl/api-key',
      await admin.post(`${acme}/ghl/api-key`, {
        locationApiKey: world.ghlSample.apiKey.token,
        locationId: ACME.location,
      }),
      saveGhlApiKeyResultSchema,
    )
    expectContract(
      'POST refresh-tokens',
      await admin.post(`${acme}/refresh-tokens`),
      tokenRefreshResultSchema,
    )

    const analysis = expectContract(
      'POST ghl/analyze-leads',
      await admin.post(`${acme}/ghl/analyze-leads`),
      leadAnalysisSchema,
    )
    expectContract(
      'POST ghl/create-custom-fields',
      await admin.post(`${acme}/ghl/create-custom-fields`, analysis),
      createCustomFieldsResultSchema,
    )
    expectContract(
      'POST ghl/create-fields',
      await admin.post(`${acme}/ghl/create-fields`, { surveyQuestions: ['What type of roof?'] }),
      createFieldsResultSchema,
    )
    expectContract(
      'POST ghl/sync-contacts',
      await admin.post(`${acme}/ghl/sync-contacts`),
      contactSyncStatusSchema,
      202,
    )
    expectContract(
      'POST /api/import-historical-leads',
      await admin.post('/api/import-historical-leads', { clientId: ACME.clientId }),
      importStartedSchema,
    )

    const created = expectContract(
      'POST /api/users',
      await admin.post('/api/users', {
        username: 'contract-user',
        password: 'contract-pass',
        role: 'operator',
      }),
      savedUserSchema,
      201,
    ) as { id: number }
    const user = `/api/users/${created.id}`
    expectContract(
      'PUT /api/users/{id}',
      await admin.request('PUT', user, { json: { firstName: 'Casey', role: 'manager' } }),
      savedUserSchema,
    )
    expectContract(
      'POST /api/users/{id}/clients/{clientId}',
      await admin.post(`${user}/clients/${ACME.clientId}`, { permissions: {} }),
      okResponseSchema,
    )
    expectContract(
      'DELETE /api/users/{id}/clients/{clientId}',
      await admin.request('DELETE', `${user}/clients/${ACME.clientId}`),
      okResponseSchema,
    )
    expectContract('DELETE /api/users/{id}', await admin.request('DELETE', user), okResponseSchema)

    expectContract(
      'PUT /api/permissions/roles/viewer',
      await admin.request('PUT', '/api/permissions/roles/viewer', {
        json: { permissions: { canViewLogs: true } },
      }),
      roleUpdateResultSchema,
    )

    const lead = `/api/leads/${encodeURIComponent(leadId)}`
    expectContract(
      'PATCH /api/leads/{leadId}/status',
      await admin.request('PATCH', `${lead}/status`, { json: { status: 'contacted' } }),
      leadSchema,
    )
    expectContract(
      'PATCH /api/leads/{leadId}/contact',
      await admin.request('PATCH', `${lead}/contact`, { json: { phone: '+1 415 555 0100' } }),
      leadSchema,
    )
    expectContract(
      'POST /api/leads/{leadId}/reply',
      await admin.post(`${lead}/reply`, { text: 'Thanks, we will call you today.' }),
      leadReplyAnswerSchema,
      202,
    )
    const opened = leadDetailSchema.parse((await admin.get(lead)).body)
    expectContract(
      'POST /api/leads/{leadId}/read',
      await admin.post(`${lead}/read`, { eventId: lastConsumerEventId(opened.events) }),
      leadReadAnswerSchema,
      202,
    )
    expectContract(
      'POST /api/leads/{leadId}/replied',
      await admin.post(`${lead}/replied`, { replyType: 'PHONE' }),
      leadRepliedAnswerSchema,
    )

    expectContract(
      'PUT /api/settings/{key}',
      await admin.request('PUT', '/api/settings/sessionTimeout', { json: { value: 120 } }),
      settingSchema,
    )
    expectContract('POST /api/backup', await admin.post('/api/backup'), backupResultSchema)

    expectContract(
      'POST ghl/delete-custom-fields',
      await admin.post(`${acme}/ghl/delete-custom-fields`),
      deleteCustomFieldsResultSchema,
    )
    expectContract(
      'DELETE /api/clients/{clientId}',
      await admin.request('DELETE', '/api/clients/bravo'),
      okResponseSchema,
    )
  })
})
