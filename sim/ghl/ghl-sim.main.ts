import { seedGhlSample } from './ghl-fixtures.ts'
import { createGhlSim } from './ghl-sim.ts'

/**
 * Runs the GHL simulator alone, seeded with the sample location:
 * `node --import tsx sim/ghl/ghl-sim.main.ts [port] [replyUrl]`. `npm run sim` starts both
 * simulators; this is for poking at GHL by hand.
 */
const port = Number(process.argv[2] ?? 4020)
const replyUrl = process.argv[3] ?? null
const sim = createGhlSim({ replyUrl })
const url = await sim.listen(port)
const { location, user, apiKey } = seedGhlSample(sim)
console.log(`GHL simulator on ${url}`)
for (const [name, value] of Object.entries(sim.env())) console.log(`${name}=${value}`)
console.log(`# location ${location.id}, user ${user.id}, location key ${apiKey.token}`)
console.log(`# reply URL: ${sim.config.replyUrl ?? '(not set: POST /__sim/ghl/reply-url)'}`)

const stop = async () => {
  await sim.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
