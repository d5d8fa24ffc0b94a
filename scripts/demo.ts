// `npm run demo`: the hub on a fresh embedded database beside both simulators, with a sample client
// connected and its leads imported, and commands to watch a lead go from Yelp to GHL and a reply
// come back (docs/spec/product.md §8). `npm run demo -- --check` (or DEMO_CHECK=1) plays that scenario
// unattended and exits 0, or 1 with the reason.
// It never fakes a step the engine does not perform: the sample client is connected through the
// hub's own HTTP API exactly as an operator would, and every lead and reply travels through the
// real engine. The demo only plays the parts of the outside world: the consumer on Yelp, the GHL
// user, the browser tab that follows an OAuth link (the simulators approve on their own), and time.

import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ClientView } from '@common/clients.ts'
import type { ContactSyncStatus } from '@common/contacts.ts'
import type { LeadAnalysis } from '@common/custom-fields.ts'
import type { ImportStatus } from '@common/imports.ts'
import type { PlaybookInput } from '@common/playbook.ts'
import type { JobView } from '../common/jobs.ts'
import { loadConfig } from '../server/src/config/config.ts'
import { QUEUES } from '../server/src/engine/queue/queues.ts'
import { STANDARD_LEAD_FIELDS } from '../server/src/modules/custom-fields/standard-fields.ts'
import { type RunningServer, startServer } from '../server/src/server.ts'
import { SessionClient } from '../server/src/testing/session-client.ts'
import { waitFor } from '../server/src/testing/wait-for.ts'
import { SANDBOX_DEFAULT_PORTS, type Sandbox, startSandbox } from '../sim/sandbox.ts'
import { SandboxControl } from '../sim/sandbox-control.ts'
import {
  consumerMessageCommand,
  ghlFaultCommand,
  ghlMessagesCommand,
  ghlRequestsCommand,
  newLeadCommand,
  simVariables,
  userReplyCommand,
  yelpLeadEventsCommand,
} from '../sim/sandbox-guide.ts'
import { aiInstructions, checkAiDraft } from './demo-ai.ts'
import { createDemoAlertChannels } from './demo-alerts.ts'
import { mapDemoPipeline, pipelineInstructions } from './demo-pipeline.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** Everything the demo writes, unless DEMO_DATA_DIR says otherwise; wiped at every start. */
const DEFAULT_DEMO_DIR = join(ROOT, '.demo-data')
/** Marks a folder as the demo's own, so a DEMO_DATA_DIR is wiped only when the demo made it. */
const DEMO_DIR_MARKER = '.leadrelay-demo'
const DEMO_ADMIN = { username: 'admin', password: 'demo-password' } as const
const SAMPLE_CLIENT = { clientId: 'bay-area-roofing', name: 'Bay Area Roofing Co.' } as const
/** The GHL custom field in which the hub stores a contact's Yelp lead id. */
const LEAD_ID_FIELD = STANDARD_LEAD_FIELDS.find((field) => field.key === 'lead_id')?.name ?? 'Yelp Lead ID'
/** Queued, running or waiting for a retry: the engine has not finished with the job. */
const UNFINISHED_JOB_STATES: ReadonlySet<string> = new Set(['created', 'retry', 'active'])
const IMPORT_QUEUES: ReadonlySet<string> = new Set([QUEUES.leadImport, QUEUES.leadSync, QUEUES.leadSyncBulk])
/** How long one step of the scenario may take before the check gives up on it. */
const STEP_TIMEOUT_MS = 30_000
/**
 * The sample client's response playbook (docs/spec/product.md §9.2): an instant first reply all
 * week, so a new lead visibly gets one on Yelp, and a follow-up an hour later as a draft.
 */
const DEMO_PLAYBOOK: PlaybookInput = {
  timezone: 'America/Los_Angeles',
  businessHours: Object.fromEntries(
    ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [day, [['07:00', '21:00']]]),
  ),
  firstReply: {
    enabled: true,
    mode: 'auto',
    delaySeconds: 0,
    inHours:
      "Hi {firstName}, thanks for reaching out to {businessName} about {jobType}! We'll call you within the hour.",
    afterHours:
      "Hi {firstName}, thanks for contacting {businessName}. We're closed now and will reply first thing in the morning.",
  },
  followUps: [
    { afterMinutes: 60, text: 'Hi {firstName}, just checking in: do you still need help with {jobType}?' },
  ],
  followUpMode: 'suggest',
  profile: 'Family-run roofing company in the Bay Area: repairs, inspections and new roofs.',
}
const FIELD_CALLS = 'POST …/ghl/analyze-leads, then POST …/ghl/create-custom-fields'

/** The alert catchers' ports (environment name → port), fixed so their pages are easy to find. */
const CATCHER_PORTS = {
  SIM_MAIL_SMTP_PORT: Number(process.env.SIM_MAIL_SMTP_PORT) || SANDBOX_DEFAULT_PORTS.mailSmtp,
  SIM_MAIL_WEB_PORT: Number(process.env.SIM_MAIL_WEB_PORT) || SANDBOX_DEFAULT_PORTS.mailWeb,
  SIM_WEBHOOK_CATCHER_PORT: Number(process.env.SIM_WEBHOOK_CATCHER_PORT) || SANDBOX_DEFAULT_PORTS.webhooks,
}

interface DemoSettings {
  port: number
  host: string
  yelpPort: number
  ghlPort: number
  /** The OpenAI-compatible simulator: AI drafts without a key (docs/spec/product.md §9.6). */
  aiPort: number
  dataDir: string
  /** Play the scenario unattended, then exit (--check or DEMO_CHECK=1). */
  check: boolean
}

interface Demo {
  settings: DemoSettings
  /** What the browser opens; also the hub's BASE_URL (OAuth redirects, onboarding links). */
  baseUrl: string
  /** Where the demo itself calls the hub: loopback, whatever DEMO_HOST is. */
  hubUrl: string
  sandbox: Sandbox
  hub: RunningServer
}

/** The sample client, connected on both sides by the hub, and what its import left in GHL. */
interface SeededClient {
  clientId: string
  name: string
  businessId: string
  locationId: string
  customFields: number
  imported: ImportStatus
  ghl: { contacts: number; inbound: number; outbound: number }
  /** A contact the import created, for the printed reply command. */
  replyTo: { contactId: string; leadId: string; name: string }
  /** The opportunity the pipeline backfill made for that lead (docs/spec/product.md §9.4). */
  opportunityId: string
}

/** Reports a step done: what happened, the hub calls that did it, and more lines of explanation. */
type Say = (line: string, calls?: string, ...more: string[]) => void

function readSettings(env: NodeJS.ProcessEnv, args: string[]): DemoSettings {
  const unknown = args.filter((arg) => arg !== '--check')
  if (unknown.length) throw new Error(`Unknown argument ${unknown.join(' ')} (the only one is --check)`)
  return {
    // PORT as for `npm start`; DEMO_PORT (older name) still works when PORT is not set.
    port: portFrom(env, env.PORT ? 'PORT' : 'DEMO_PORT', 5000),
    // Loopback by default: the admin password is printed and well known.
    host: env.DEMO_HOST || '127.0.0.1',
    yelpPort: portFrom(env, 'SIM_YELP_PORT', SANDBOX_DEFAULT_PORTS.yelp),
    ghlPort: portFrom(env, 'SIM_GHL_PORT', SANDBOX_DEFAULT_PORTS.ghl),
    aiPort: portFrom(env, 'SIM_AI_PORT', SANDBOX_DEFAULT_PORTS.ai),
    dataDir: env.DEMO_DATA_DIR ? resolve(env.DEMO_DATA_DIR) : DEFAULT_DEMO_DIR,
    check: args.includes('--check') || env.DEMO_CHECK === '1',
  }
}

function portFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`${name}: must be a port number (1–65535), got "${raw}"`)
  }
  return value
}

/** Empties the demo's folder; a DEMO_DATA_DIR that holds anything but an earlier demo is refused. */
function resetDemoDir(dir: string): string {
  const isOwn = dir === DEFAULT_DEMO_DIR || existsSync(join(dir, DEMO_DIR_MARKER))
  if (!isOwn && existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(
      `DEMO_DATA_DIR: ${dir} is not empty and was not made by the demo, which wipes its folder at every start; name a new or empty folder`,
    )
  }
  rmSync(dir, { recursive: true, force: true })
  const hubDir = join(dir, 'hub')
  mkdirSync(hubDir, { recursive: true })
  writeFileSync(
    join(dir, DEMO_DIR_MARKER),
    'Made by `npm run demo`, which wipes this folder at every start.\n',
  )
  return hubDir
}

/** The dashboard needs web/dist; build it when missing or stale, as `npm start` does. */
async function ensureWebClient(): Promise<void> {
  // A computed specifier: web-build.mjs is plain JavaScript without type declarations.
  const webBuild = new URL('./web-build.mjs', import.meta.url).href
  const { ensureWebBuild } = (await import(webBuild)) as { ensureWebBuild: () => void }
  ensureWebBuild()
}

/** A start-up problem the operator fixes by changing a setting: one line, no stack trace. */
class DemoSetupError extends Error {}

/** Refuses a busy port before anything starts, naming the variable that moves it. */
async function requireFreePort(port: number, host: string, variable: string, role: string): Promise<void> {
  const probe = createServer()
  const error = await new Promise<NodeJS.ErrnoException | undefined>((resolveProbe) => {
    probe.once('error', resolveProbe)
    probe.listen(port, host, () => probe.close(() => resolveProbe(undefined)))
  })
  if (error?.code === 'EADDRINUSE') {
    throw new DemoSetupError(
      `Port ${port} (${role}) is already in use: set ${variable} to a free port, e.g. ${variable}=${port + 78} npm run demo`,
    )
  }
  if (error) throw error
}

async function startDemo(settings: DemoSettings): Promise<Demo> {
  await requireFreePort(settings.port, settings.host, 'PORT', "the hub's port")
  await requireFreePort(settings.yelpPort, '127.0.0.1', 'SIM_YELP_PORT', "the Yelp simulator's port")
  await requireFreePort(settings.ghlPort, '127.0.0.1', 'SIM_GHL_PORT', "the GHL simulator's port")
  await requireFreePort(settings.aiPort, '127.0.0.1', 'SIM_AI_PORT', "the AI simulator's port")
  for (const [name, port] of Object.entries(CATCHER_PORTS))
    await requireFreePort(port, '127.0.0.1', name, 'an alert catcher port')
  const baseUrl = `http://localhost:${settings.port}`
  // The simulators call the hub server to server: the loopback address works for any DEMO_HOST.
  const hubUrl = `http://127.0.0.1:${settings.port}`
  // Simulators first: if another demo holds their ports, this fails before its data is wiped.
  // The business is not subscribed to Yelp webhooks: subscribing is the hub's step on connection.
  const sandbox = await startSandbox({
    yelpPort: settings.yelpPort,
    ghlPort: settings.ghlPort,
    aiPort: settings.aiPort,
    hubUrl,
    isSubscribed: false,
    catcherPorts: {
      mailSmtp: CATCHER_PORTS.SIM_MAIL_SMTP_PORT,
      mailWeb: CATCHER_PORTS.SIM_MAIL_WEB_PORT,
      webhooks: CATCHER_PORTS.SIM_WEBHOOK_CATCHER_PORT,
    },
  })
  try {
    const dataDir = resetDemoDir(settings.dataDir)
    // Only what the demo chooses: a DATABASE_URL or credentials in the shell must not leak in.
    const config = loadConfig({
      PORT: String(settings.port),
      HOST: settings.host,
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      ADMIN_USERNAME: DEMO_ADMIN.username,
      ADMIN_PASSWORD: DEMO_ADMIN.password,
      ...sandbox.env,
    })
    const hub = await startServer(config, { logger: { level: 'warn' } })
    return { settings, baseUrl, hubUrl, sandbox, hub }
  } catch (error) {
    await sandbox.close()
    throw error
  }
}

/**
 * What the operator's browser does with an OAuth link: open the hub's start link, follow it to
 * the provider's authorize page (the simulator approves at once), then on to the hub's callback.
 */
async function authorize(hub: SessionClient, startPath: string, provider: string): Promise<void> {
  const callback = await hub.followOAuth(startPath).catch((error: unknown) => {
    throw new Error(`${provider} OAuth: ${error instanceof Error ? error.message : error}`)
  })
  if (callback.status !== 200) {
    const text = callback.page
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
    throw new Error(
      `${provider} OAuth: the hub's callback answered ${callback.status}: ${text.slice(0, 300)}`,
    )
  }
}

/** Until the import has queued every lead and the engine has finished syncing them; dead jobs fail. */
/** "Sync All Leads to GHL Contacts" is a job: start it, then follow its status to the end. */
async function syncContacts(hub: SessionClient, clientPath: string): Promise<ContactSyncStatus> {
  await hub.call<ContactSyncStatus>('sync the contacts', 'POST', `${clientPath}/ghl/sync-contacts`)
  return waitFor(
    'the contact sync',
    async () => {
      const status = await hub.call<ContactSyncStatus>(
        'read the contact sync status',
        'GET',
        `${clientPath}/ghl/contact-sync-status`,
      )
      if (status.status === 'failed') throw new Error(`the contact sync failed: ${status.error}`)
      return status.status === 'completed' && status
    },
    60_000,
  )
}

async function waitForImport(hub: SessionClient, clientId: string): Promise<ImportStatus> {
  let pending = ''
  try {
    return await waitFor(
      'the historical import',
      async () => {
        const status = await hub.call<ImportStatus>(
          'read the import status',
          'GET',
          `/api/clients/${clientId}/import-status`,
        )
        if (status.status === 'failed') throw new Error(`the historical import failed: ${status.error}`)
        if (status.status !== 'completed') return null
        const jobs = (await hub.call<JobView[]>('list the jobs', 'GET', '/api/jobs?limit=500')).filter(
          (job) => job.clientId === clientId && IMPORT_QUEUES.has(job.queue),
        )
        const dead = jobs.find((job) => job.state === 'failed')
        if (dead) throw new Error(`job ${dead.queue} ${dead.id} failed: ${dead.error}`)
        const unfinished = jobs.filter((job) => UNFINISHED_JOB_STATES.has(job.state))
        pending = unfinished
          .map((job) => `${job.queue} ${job.state}${job.error ? `: ${job.error}` : ''}`)
          .join('; ')
        return unfinished.length === 0 && status
      },
      60_000,
    )
  } catch (error) {
    throw pending ? new Error(`${(error as Error).message} (still unfinished: ${pending})`) : error
  }
}

/**
 * Connects the sample client on both sides (Yelp business ↔ GHL location) through the hub's own
 * API in the order of Integration Setup, creates its custom fields, imports its Yelp leads into
 * GHL, and reads back what the import produced.
 */
async function seedConnectedClient(demo: Demo, say: Say): Promise<SeededClient> {
  const sim = SandboxControl.of(demo.sandbox)
  const { businessId, leadIds } = demo.sandbox.sample.yelp
  const { locationId, locationApiKey } = demo.sandbox.sample.ghl
  const { clientId, name } = SAMPLE_CLIENT
  const hub = new SessionClient(demo.hubUrl)
  const clientPath = `/api/clients/${clientId}`

  await hub.call('sign in', 'POST', '/api/auth/login', DEMO_ADMIN)
  say(`Signed in as ${DEMO_ADMIN.username}`, 'POST /api/auth/login')
  await hub.call('add the client', 'POST', '/api/clients', SAMPLE_CLIENT)
  say(`Added client ${clientId} ("${name}")`, 'POST /api/clients')

  await hub.call('save the Yelp business', 'POST', '/api/subscribe-webhook', { clientId, businessId })
  // Yelp turns a subscription on asynchronously; the demo moves the simulator's clock instead of waiting.
  const delayMs = await sim.yelpSubscriptionDelayMs()
  await sim.advanceYelpClock(delayMs)
  if (!(await sim.isYelpWebhookSubscribed(businessId))) {
    throw new Error(`Yelp did not activate the webhook subscription of ${businessId}`)
  }
  say(
    `Saved Yelp business ${businessId}; the hub subscribed it to lead webhooks (Yelp turns a`,
    'POST /api/subscribe-webhook',
    `subscription on after ${delayMs / 1000} s: the demo moved the Yelp simulator's clock forward)`,
  )

  await authorize(hub, `/api/yelp-auth-url?${new URLSearchParams({ clientId })}`, 'Yelp')
  say('Connected Yelp through OAuth', 'GET /api/yelp-auth-url → Yelp authorize page → GET /api/yelp/callback')

  await hub.call('save the GHL location key', 'POST', `${clientPath}/ghl/api-key`, {
    locationApiKey,
    locationId,
  })
  say(
    `Saved GHL location ${locationId} and its location API key (the hub checked it with GHL)`,
    `POST ${clientPath}/ghl/api-key`,
  )
  const before = await createCustomFields(hub, clientPath)
  say(`Created ${before.created} GHL custom fields for the standard lead data`, FIELD_CALLS)

  await authorize(
    hub,
    `/api/ghl-auth-url?${new URLSearchParams({ clientId, autoSync: 'false' })}`,
    'GoHighLevel',
  )
  const view = await hub.call<ClientView>('read the client', 'GET', clientPath)
  if (!view.yelp.connected || !view.yelp.webhookSubscribed || !view.ghl.connected) {
    throw new Error(
      `the client is not connected on both sides: yelp ${JSON.stringify(view.yelp)}, ghl ${JSON.stringify(view.ghl)}`,
    )
  }
  say(
    'Connected GoHighLevel through OAuth',
    'GET /api/ghl-auth-url → GHL authorize page → GET /api/ghl/callback',
  )

  const started = await hub.call<{ businessId: string }>(
    'start the historical import',
    'POST',
    '/api/import-historical-leads',
    { clientId },
  )
  const imported = await waitForImport(hub, clientId)
  say(
    `Imported the Yelp leads of ${started.businessId}: ${imported.leadsFound} found, ${imported.storedLeads} stored, synced to GHL`,
    'POST /api/import-historical-leads, then GET …/import-status and GET /api/jobs until done',
  )

  // The analysis reads the hub's stored leads: now that there are some, their survey questions
  // become fields too, and a contact sync fills them on the contacts the import created.
  const after = await createCustomFields(hub, clientPath)
  const synced = await syncContacts(hub, clientPath)
  if (synced.errors > 0) {
    throw new Error(`the contact sync reported errors: ${JSON.stringify(synced.failures)}`)
  }
  say(`Created ${after.created} more custom fields for the leads' survey questions`, FIELD_CALLS)
  say(
    `Filled them in on the contacts: ${synced.success} of ${synced.leadsTotal} synced`,
    `POST ${clientPath}/ghl/sync-contacts, then GET …/ghl/contact-sync-status until done`,
  )

  // After the import: a first reply is owed only to leads that write from now on.
  await hub.call('set the response playbook', 'PUT', `${clientPath}/playbook`, DEMO_PLAYBOOK)
  say(
    'Turned on instant first replies: every new lead gets one on Yelp, mirrored into GHL',
    `PUT ${clientPath}/playbook`,
  )
  const opportunities = await mapDemoPipeline(hub, clientPath)
  say(
    `Mapped the GHL pipeline and gave ${opportunities.success} leads an opportunity`,
    `PUT ${clientPath}/pipeline, POST …/ghl/sync-opportunities, then GET …/ghl/opportunity-sync-status`,
  )

  const contacts = await sim.ghlContacts(locationId)
  const messages = await sim.ghlMessages(locationId)
  const [firstLead = 'lead-roof-repair'] = leadIds
  const replyContact = await sim.ghlContactByField(locationId, LEAD_ID_FIELD, firstLead)
  if (!replyContact) throw new Error(`no GHL contact carries ${LEAD_ID_FIELD} ${firstLead} after the import`)
  if (contacts.length < imported.leadsFound) {
    throw new Error(`the import found ${imported.leadsFound} leads but GHL has ${contacts.length} contacts`)
  }
  const replyLead = await hub.call<{ opportunityId: string | null }>(
    'read the lead',
    'GET',
    `/api/leads/${firstLead}`,
  )
  if (!replyLead.opportunityId) throw new Error(`lead ${firstLead} has no opportunity after the backfill`)
  return {
    opportunityId: replyLead.opportunityId,
    clientId,
    name,
    businessId,
    locationId,
    customFields: after.total,
    imported,
    ghl: {
      contacts: contacts.length,
      inbound: messages.filter((m) => m.direction === 'inbound').length,
      outbound: messages.filter((m) => m.direction === 'outbound').length,
    },
    replyTo: {
      contactId: replyContact.id,
      leadId: firstLead,
      name: [replyContact.firstName, replyContact.lastName].filter(Boolean).join(' '),
    },
  }
}

/** Integration Setup's Step 2: analyze the stored leads, then create the fields the analysis calls for. */
async function createCustomFields(hub: SessionClient, clientPath: string) {
  const analysis = await hub.call<LeadAnalysis>(
    'analyze the leads',
    'POST',
    `${clientPath}/ghl/analyze-leads`,
  )
  const result = await hub.call<{ fieldsCreated: number; fieldsExisting: number; fields: unknown[] }>(
    'create the custom fields',
    'POST',
    `${clientPath}/ghl/create-custom-fields`,
    analysis,
  )
  return { created: result.fieldsCreated, total: result.fields.length }
}

/**
 * `--check`: a new lead on Yelp must become a GHL contact with its message, and a GHL user's reply
 * must land on the Yelp lead as a TEXT event, be reported delivered to GHL, and not echo back.
 */
async function runCheck(demo: Demo, client: SeededClient, say: Say): Promise<void> {
  const sim = SandboxControl.of(demo.sandbox)
  const { locationId, businessId } = client
  const leadId = 'lead-demo-check'
  const question = 'What type of roof do you have?'
  const request = 'Hi! Could you look at my tile roof this week?'
  const replyText = 'Thanks Sam, we can come Thursday at 9.'
  const timed = async <T>(run: () => Promise<T>): Promise<[T, string]> => {
    const started = Date.now()
    const value = await run()
    return [value, `${((Date.now() - started) / 1000).toFixed(1)} s`]
  }

  await sim.addYelpLead({
    id: leadId,
    businessId,
    consumerName: 'Sam T.',
    message: request,
    project: {
      job_names: ['Roof inspection'],
      survey_answers: [{ question_text: question, answer_text: ['Tile'] }],
      location: { postal_code: '94107' },
    },
  })
  const [contact, leadTook] = await timed(async () => {
    const found = await waitFor(
      'the new lead as a GHL contact',
      () => sim.ghlContactByField(locationId, LEAD_ID_FIELD, leadId),
      STEP_TIMEOUT_MS,
    )
    await waitFor(
      "the new lead's message in GHL",
      async () =>
        (await sim.ghlMessages(locationId)).some(
          (m) => m.contactId === found.id && m.direction === 'inbound' && m.body.includes(request),
        ),
      STEP_TIMEOUT_MS,
    )
    return found
  })
  say(`New Yelp lead ${leadId} is GHL contact ${contact.id} with its message (${leadTook})`)

  const [, firstReplyTook] = await timed(() =>
    waitFor(
      'the first reply on the Yelp lead',
      async () =>
        (await sim.yelpLead(leadId)).events.some(
          (e) =>
            e.user_type === 'BIZ' && e.event_type === 'TEXT' && e.event_content.text?.startsWith('Hi Sam'),
        ),
      STEP_TIMEOUT_MS,
    ),
  )
  say(`The playbook's first reply is on Yelp lead ${leadId} (${firstReplyTook})`)

  const hub = new SessionClient(demo.hubUrl)
  await hub.call('sign in', 'POST', '/api/auth/login', DEMO_ADMIN)
  const [aiDraft, aiTook] = await timed(() => checkAiDraft(hub, sim, leadId, request))
  say(
    `An AI draft for Yelp lead ${leadId} carries the customer's words, and nothing reached Yelp until sent (${aiTook})`,
    `POST /api/leads/${leadId}/drafts/ai`,
    `"${aiDraft.text.slice(0, 90)}..."`,
  )

  const [reply, replyTook] = await timed(async () => {
    const sent = await sim.ghlUserReply({ locationId, contactId: contact.id, message: replyText })
    if (sent.response.status !== 200)
      throw new Error(`the hub answered the reply with ${sent.response.status}`)
    await waitFor(
      'the reply as a TEXT event on the Yelp lead',
      async () =>
        (await sim.yelpLead(leadId)).events.some(
          (e) => e.user_type === 'BIZ' && e.event_type === 'TEXT' && e.event_content.text === replyText,
        ),
      STEP_TIMEOUT_MS,
    )
    return sent
  })
  say(`GHL reply ${reply.messageId} is a TEXT event on Yelp lead ${leadId} (${replyTook})`)

  const [, deliveredTook] = await timed(() =>
    waitFor(
      'the reply marked delivered in GHL',
      async () =>
        (await sim.ghlMessages(locationId)).some((m) => m.id === reply.messageId && m.status === 'delivered'),
      STEP_TIMEOUT_MS,
    ),
  )
  say(
    `GHL shows the reply delivered (${deliveredTook} more; GHL locks a new message's status for a few seconds)`,
  )

  // Yelp announces the hub's own TEXT event with a webhook too; it must not come back as a new GHL message.
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const copies = (await sim.ghlMessages(locationId)).filter((m) => m.body.includes(replyText)).length
  if (copies !== 1) throw new Error(`the reply is ${copies} times in GHL: its Yelp echo was forwarded back`)
  say('The echo of the reply did not come back into GHL')
}

function instructions(demo: Demo, client: SeededClient): string {
  const { sandbox } = demo
  const { yelp, ghl } = sandbox.sample
  const { locationId, replyTo } = client
  const inRepo = relative(ROOT, demo.settings.dataDir)
  const dataDir = inRepo && !inRepo.startsWith('..') && !isAbsolute(inRepo) ? inRepo : demo.settings.dataDir
  const inbound = '/conversations/messages/inbound'
  const indent = (lines: string[]) => lines.map((line) => `       ${line}`)
  return [
    '',
    'LeadRelay demo is running. Ctrl-C stops it; its data is wiped at the next start.',
    '',
    `  Open       ${demo.baseUrl}   (Clients → ${client.name})`,
    `  Sign in    ${DEMO_ADMIN.username} / ${DEMO_ADMIN.password}`,
    `  Watch      ${demo.baseUrl}/inbox   (Lead Inbox: the commands below land there, live)`,
    `  Data       ${join(dataDir, 'hub')} (embedded database)`,
    '',
    `  Yelp simulator  ${sandbox.yelp.url}  business ${yelp.businessId}, leads ${yelp.leadIds.join(', ')}`,
    `  GHL simulator   ${sandbox.ghl.url}  location ${ghl.locationId}, user ${ghl.userId}`,
    `  AI simulator    ${sandbox.ai.url}/v1  (AI_BASE_URL: "Draft with AI" in the inbox, no key needed)`,
    `  Alerts         ${demo.baseUrl}/alerts   (channels and history)`,
    `  Mail catcher    ${sandbox.mail.pageUrl}   (the alert emails, HTML and text)`,
    `  Webhook catcher ${sandbox.webhooks.pageUrl}   (the Slack and signed webhook alerts)`,
    '',
    'What just happened (every step above is a call to the hub, which did the work)',
    `  Client   ${client.clientId} ("${client.name}"): Yelp connected and subscribed to webhooks,`,
    `           GoHighLevel connected, ${client.customFields} custom fields`,
    `  Import   ${client.imported.leadsFound} leads found on Yelp, ${client.imported.storedLeads} stored in the hub`,
    `           (GET /api/clients/${client.clientId}/import-status)`,
    `  In GHL   location ${locationId} now has ${client.ghl.contacts} contacts and ${client.ghl.inbound + client.ghl.outbound} messages`,
    `           (${client.ghl.inbound} inbound, ${client.ghl.outbound} outbound), read from the GHL simulator's control API`,
    '',
    'Try it: paste these lines into another shell first',
    ...indent([
      ...simVariables(sandbox),
      `CONTACT=${replyTo.contactId}   # the GHL contact the import made for ${replyTo.name} (Yelp lead ${replyTo.leadId})`,
    ]),
    '',
    '  1. A consumer writes on Yelp; the hub forwards it to GHL as an inbound message (a second or so):',
    ...indent([
      consumerMessageCommand(replyTo.leadId),
      ghlMessagesCommand(locationId),
      `# every message of the location: curl -s $GHL_SIM/__sim/ghl/locations/${locationId}/messages`,
      '# a brand-new lead takes the same road, and becomes a new contact:',
      newLeadCommand(yelp.businessId),
    ]),
    '',
    `  2. A GHL user replies to ${replyTo.name}; the hub posts it on the Yelp lead as a TEXT event, then`,
    '     reports it delivered to GHL (GHL refuses status updates for 5 s after sending, so give it ~10 s):',
    ...indent([
      userReplyCommand(locationId),
      yelpLeadEventsCommand(replyTo.leadId),
      ghlMessagesCommand(locationId),
    ]),
    '',
    '  3. GHL fails: its next 3 inbound-message calls answer 500; the hub retries and the message lands once:',
    ...indent([
      ghlFaultCommand({ method: 'POST', path: inbound, status: 500, times: 3 }),
      consumerMessageCommand(replyTo.leadId, 'Are you still there?'),
      `${ghlRequestsCommand(inbound)}   # 500 500 500 200`,
      ghlMessagesCommand(locationId),
    ]),
    '',
    ...pipelineInstructions(locationId, client.opportunityId, replyTo.name),
    '',
    ...aiInstructions(sandbox.ai.url, demo.baseUrl, replyTo.name),
    '',
    '  More: sim/README.md (faults, the clock, request logs); `npm run demo -- --check` plays 1, 2 and one AI draft unattended.',
    '',
  ].join('\n')
}

async function main(): Promise<void> {
  const settings = readSettings(process.env, process.argv.slice(2))
  // The check opens no browser: it needs no web client.
  if (!settings.check) await ensureWebClient()
  const demo = await startDemo(settings)
  const stopAll = async () => {
    await demo.hub.stop()
    await demo.sandbox.close()
  }
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) process.exit(1)
    stopping = true
    process.stdout.write(`\n${signal}: stopping the hub and the simulators\n`)
    stopAll().then(
      () => process.exit(settings.check ? 1 : 0),
      (error: unknown) => {
        process.stderr.write(`Stopping failed: ${(error as Error).message}\n`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))

  const say: Say = (line, calls, ...more) => {
    const lines = [`  ✓ ${line}`, ...more.map((text) => `    ${text}`)]
    if (calls) lines.push(`      ${calls}`)
    process.stdout.write(`${lines.join('\n')}\n`)
  }
  try {
    process.stdout.write(`\nConnecting the sample client through the hub's API, as an operator would:\n`)
    const client = await seedConnectedClient(demo, say)
    const hub = new SessionClient(demo.hubUrl)
    await hub.call('sign in', 'POST', '/api/auth/login', DEMO_ADMIN)
    const alertChannels = await createDemoAlertChannels(hub, demo.sandbox)
    say(
      `Added ${alertChannels.names.length} alert channels: ${alertChannels.names.join(', ')}`,
      'POST /api/alert-channels',
    )
    if (!settings.check) {
      process.stdout.write(instructions(demo, client))
      return
    }
    process.stdout.write('\nCheck: a new lead travels to GHL, and a reply comes back\n')
    await runCheck(demo, client, say)
  } catch (error) {
    await stopAll().catch(() => {})
    if (!settings.check) throw error
    process.stderr.write(`\nCheck failed: ${(error as Error).message}\n`)
    process.exit(1)
  }
  await stopAll()
  process.stdout.write('\nCheck passed.\n')
  process.exit(0)
}

main().catch((error: unknown) => {
  if (error instanceof DemoSetupError) {
    process.stderr.write(`The demo could not start. ${error.message}\n`)
    process.exit(1)
  }
  process.stderr.write(`The demo could not start: ${(error as Error).stack ?? String(error)}\n`)
  process.exit(1)
})
