import { SANDBOX_DEFAULT_PORTS, startSandbox } from './sandbox.ts'
import { sandboxGuide } from './sandbox-guide.ts'

/**
 * `npm run sim`: the simulators on fixed ports (SIM_YELP_PORT, SIM_GHL_PORT, SIM_AI_PORT) and the alert
 * catchers (SIM_MAIL_SMTP_PORT, SIM_MAIL_WEB_PORT, SIM_WEBHOOK_CATCHER_PORT), seeded with the
 * sample data and pointed at the hub (HUB_URL, default http://localhost:5000). Prints the hub's
 * environment lines and commands to drive the simulators.
 */
function port(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    process.stderr.write(`${name}: must be a port number (0–65535), got "${raw}"\n`)
    process.exit(1)
  }
  return value
}

const sandbox = await startSandbox({
  yelpPort: port('SIM_YELP_PORT', SANDBOX_DEFAULT_PORTS.yelp),
  ghlPort: port('SIM_GHL_PORT', SANDBOX_DEFAULT_PORTS.ghl),
  aiPort: port('SIM_AI_PORT', SANDBOX_DEFAULT_PORTS.ai),
  hubUrl: process.env.HUB_URL || 'http://localhost:5000',
  legacyRsa: process.env.SIM_GHL_LEGACY_RSA === '1',
  catcherPorts: {
    mailSmtp: port('SIM_MAIL_SMTP_PORT', SANDBOX_DEFAULT_PORTS.mailSmtp),
    mailWeb: port('SIM_MAIL_WEB_PORT', SANDBOX_DEFAULT_PORTS.mailWeb),
    webhooks: port('SIM_WEBHOOK_CATCHER_PORT', SANDBOX_DEFAULT_PORTS.webhooks),
  },
}).catch((error: unknown) => {
  process.stderr.write(`The simulators could not start: ${(error as Error).message}\n`)
  process.exit(1)
})
process.stdout.write(`${sandboxGuide(sandbox)}\n`)

let stopping = false
const stop = (signal: string) => {
  if (stopping) process.exit(1)
  stopping = true
  process.stdout.write(`\n${signal}: stopping the simulators\n`)
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.on('SIGINT', () => stop('SIGINT'))
process.on('SIGTERM', () => stop('SIGTERM'))
