import { execFile } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Sandbox, startSandbox } from './sandbox.ts'
import {
  consumerMessageCommand,
  createContactCommand,
  ghlFaultCommand,
  ghlMessagesCommand,
  ghlRequestsCommand,
  newLeadCommand,
  userReplyCommand,
  yelpLeadEventsCommand,
} from './sandbox-guide.ts'

// The printed commands are meant to be pasted into a shell: run them through one, against both
// simulators and a stand-in hub that answers 200, so quoting mistakes fail here and not for a user.
const run = promisify(execFile)

let hub: Server
let sandbox: Sandbox

beforeAll(async () => {
  hub = createServer((request, response) => {
    request.resume()
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'))
  })
  await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve))
  const { port } = hub.address() as AddressInfo
  sandbox = await startSandbox({ yelpPort: 0, ghlPort: 0, hubUrl: `http://127.0.0.1:${port}` })
})
afterAll(async () => {
  await sandbox?.close()
  await new Promise<void>((resolve) => hub.close(() => resolve()))
})

async function shell(...commands: string[]): Promise<string> {
  const { stdout } = await run('sh', ['-c', commands.join('\n')], {
    env: { ...process.env, YELP_SIM: sandbox.yelp.url, GHL_SIM: sandbox.ghl.url },
  })
  return stdout
}

describe('the commands the sandbox and the demo print', () => {
  it('a consumer message lands on the Yelp lead, and the events one-liner shows it', async () => {
    const created = JSON.parse(await shell(consumerMessageCommand('lead-roof-repair', 'Guide check')))
    expect(created.events[0]).toMatchObject({ user_type: 'CONSUMER', event_content: { text: 'Guide check' } })
    const events = await shell(yelpLeadEventsCommand('lead-roof-repair'))
    expect(events.trim().split('\n').at(-1)).toMatch(/^CONSUMER\s+TEXT\s+Guide check$/)
  })

  it('a new lead is created for the business', async () => {
    const created = JSON.parse(await shell(newLeadCommand(sandbox.sample.yelp.businessId)))
    expect(created.lead).toMatchObject({ business_id: sandbox.sample.yelp.businessId })
  })

  it('a GHL user reply to $CONTACT reaches the hub, and the messages one-liner shows it', async () => {
    const { locationId, locationApiKey } = sandbox.sample.ghl
    const answer = await shell(createContactCommand(locationId, locationApiKey), userReplyCommand(locationId))
    expect(answer.trim()).toMatch(/^GHL message \S+ sent; the hub answered 200$/)
    const messages = await shell(ghlMessagesCommand(locationId))
    expect(messages.trim().split('\n').at(-1)).toMatch(
      /^outbound\s+\S+\s+Thanks Pat, we can come Thursday\.$/,
    )
  })

  it('an armed GHL fault answers the next call, and the requests one-liner shows its status', async () => {
    const { locationId, locationApiKey } = sandbox.sample.ghl
    const armed = JSON.parse(
      await shell(ghlFaultCommand({ method: 'POST', path: '/contacts/upsert', status: 503, times: 1 })),
    )
    expect(armed).toMatchObject({ path: '/contacts/upsert', status: 503, remaining: 1 })
    const upsert = await fetch(`${sandbox.ghl.url}/contacts/upsert`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${locationApiKey}`,
        version: '2021-07-28',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ locationId, firstName: 'Robin', phone: '+14155550177' }),
    })
    expect(upsert.status).toBe(503)
    const log = await shell(ghlRequestsCommand('/contacts/upsert'))
    expect(log.trim().split('\n').at(-1)).toMatch(/ POST \/contacts\/upsert 503$/)
  })
})
