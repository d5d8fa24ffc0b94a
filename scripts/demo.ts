// `npm run demo`: the hub on a fresh embedded database beside both simulators, seeded, with
// instructions to watch a lead go from Yelp to GHL and a reply come back (PRODUCT.md §8).
// It grows as the engine lands, and never fakes a step the engine does not perform: what the hub
// cannot do yet is printed as what to do, not done behind the user's back.
import { mkdirSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '../server/src/config/config.ts'
import { type RunningServer, startServer } from '../server/src/server.ts'
import { SANDBOX_DEFAULT_PORTS, type Sandbox, startSandbox } from '../sim/sandbox.ts'
import {
  consumerMessageCommand,
  latestContactCommand,
  newLeadCommand,
  simVariables,
  userReplyCommand,
} from '../sim/sandbox-guide.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** Everything the demo writes; wiped at every start so each demo begins from nothing. */
const DEMO_DIR = join(ROOT, '.demo-data')
const DEMO_ADMIN = { username: 'admin', password: 'demo-password' } as const

interface DemoSettings {
  port: number
  host: string
  yelpPort: number
  ghlPort: number
}

interface Demo {
  settings: DemoSettings
  /** What the browser opens; also the hub's BASE_URL (OAuth redirects, onboarding links). */
  baseUrl: string
  dataDir: string
  sandbox: Sandbox
  hub: RunningServer
}

/** A client seeded in the hub and connected on both sides, for the printout. */
interface SeededClient {
  name: string
}

function readSettings(env: NodeJS.ProcessEnv): DemoSettings {
  return {
    port: portFrom(env, 'DEMO_PORT', 5000),
    // Loopback by default: the admin password is printed and well known.
    host: env.DEMO_HOST || '127.0.0.1',
    yelpPort: portFrom(env, 'SIM_YELP_PORT', SANDBOX_DEFAULT_PORTS.yelp),
    ghlPort: portFrom(env, 'SIM_GHL_PORT', SANDBOX_DEFAULT_PORTS.ghl),
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

/** The dashboard needs web/dist; build it when missing or stale, as `npm start` does. */
async function ensureWebClient(): Promise<void> {
  // A computed specifier: web-build.mjs is plain JavaScript without type declarations.
  const webBuild = new URL('./web-build.mjs', import.meta.url).href
  const { ensureWebBuild } = (await import(webBuild)) as { ensureWebBuild: () => void }
  ensureWebBuild()
}

async function startDemo(settings: DemoSettings): Promise<Demo> {
  const baseUrl = `http://localhost:${settings.port}`
  // The simulators call the hub server to server: the loopback address works for any DEMO_HOST.
  const hubUrl = `http://127.0.0.1:${settings.port}`
  // Simulators first: if another demo holds their ports, this fails before its data is wiped.
  // The business is not subscribed to Yelp webhooks: subscribing is the hub's step on connection.
  const sandbox = await startSandbox({
    yelpPort: settings.yelpPort,
    ghlPort: settings.ghlPort,
    hubUrl,
    isSubscribed: false,
  })
  try {
    rmSync(DEMO_DIR, { recursive: true, force: true })
    const dataDir = join(DEMO_DIR, 'hub')
    mkdirSync(dataDir, { recursive: true })
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
    return { settings, baseUrl, dataDir, sandbox, hub }
  } catch (error) {
    await sandbox.close()
    throw error
  }
}

/**
 * Seeds a sample client connected on both sides (Yelp business ↔ GHL location) through the hub's
 * own client API and OAuth flows, with a few leads. Added with the clients issue: the hub has no
 * client API yet, so this returns null and the printout asks the user to add a client by hand.
 */
async function seedConnectedClient(_demo: Demo): Promise<SeededClient | null> {
  return null
}

function instructions(demo: Demo, client: SeededClient | null): string {
  const { sandbox } = demo
  const { yelp, ghl } = sandbox.sample
  const [firstLead = 'lead-roof-repair'] = yelp.leadIds
  const connect = client
    ? [`  1. Client "${client.name}" is connected on both sides.`]
    : [
        '  1. Add a client in the dashboard and connect it through the onboarding link',
        '     (the simulators auto-approve OAuth).',
      ]
  return [
    '',
    'LeadRelay demo is running. Ctrl-C stops it; its data is wiped at the next start.',
    '',
    `  Open       ${demo.baseUrl}`,
    `  Sign in    ${DEMO_ADMIN.username} / ${DEMO_ADMIN.password}`,
    `  Data       ${relative(ROOT, demo.dataDir)} (embedded database)`,
    '',
    `  Yelp simulator  ${sandbox.yelp.url}  business ${yelp.businessId}, leads ${yelp.leadIds.join(', ')}`,
    `  GHL simulator   ${sandbox.ghl.url}  location ${ghl.locationId}, user ${ghl.userId}`,
    '',
    'Next steps',
    ...connect,
    '  2. A new lead on Yelp, and a consumer message on a lead:',
    ...simVariables(sandbox).map((line) => `       ${line}`),
    `       ${newLeadCommand(yelp.businessId)}`,
    `       ${consumerMessageCommand(firstLead)}`,
    "  3. A reply from GHL to the lead's contact (the hub creates the contact when it forwards the lead):",
    `       ${latestContactCommand(ghl.locationId)}`,
    `       ${userReplyCommand(ghl.locationId)}`,
    '',
    '  Yelp sends lead webhooks to the hub (/yelp/webhook) once the hub has subscribed the business,',
    '  which it does when the client is connected; GHL sends replies to the hub (/reply). Both are',
    '  forwarded once the webhook engine is in place. The deliveries show what was sent, skipped or answered:',
    '       curl -s $YELP_SIM/__sim/yelp/webhooks',
    '       curl -s $GHL_SIM/__sim/ghl/webhooks',
    '  More: sim/README.md (faults, clock, request logs).',
    '',
  ].join('\n')
}

async function main(): Promise<void> {
  const settings = readSettings(process.env)
  await ensureWebClient()
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
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Stopping failed: ${(error as Error).message}\n`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))

  try {
    const client = await seedConnectedClient(demo)
    process.stdout.write(instructions(demo, client))
  } catch (error) {
    await stopAll()
    throw error
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`The demo could not start: ${(error as Error).stack ?? String(error)}\n`)
  process.exit(1)
})
