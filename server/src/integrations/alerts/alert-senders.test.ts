import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SecretBox } from '../../lib/secret-box.ts'
import type { Resolve } from '../http/safe-outbound-agent.ts'
import { type AlertDelivery, AlertSenders, smtpTlsProblem } from './alert-senders.ts'
import { sealTarget } from './sealed-target.ts'

// docs/spec/product.md §9.7: every Slack and webhook delivery goes through the safe agent (names
// resolve through a stub here: nothing leaves this machine), a failure says a status or a kind of
// error and never the receiver's answer; plain SMTP only to this machine.

const box = new SecretBox('an-app-secret-for-the-sender-tests-only')
const delivery: AlertDelivery = {
  deliveryId: 'msg_test',
  subject: 'Test',
  text: 'Test alert',
  html: '<p>Test alert</p>',
  body: { type: 'job.dead' },
}
let receiver: Server
let port: number
let received: string[] = []
let answer = { status: 200, body: 'ok' }

beforeAll(async () => {
  receiver = createServer((request, response) => {
    received.push(request.url ?? '')
    response.writeHead(answer.status)
    response.end(answer.body)
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  port = (receiver.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => receiver.close(resolve)))

const names: Resolve = async (hostname) => {
  if (hostname === 'receiver.test') return [{ address: '127.0.0.1', family: 4 }]
  if (hostname === 'rebound.test') return [{ address: '169.254.169.254', family: 4 }]
  throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' })
}

describe('Slack and webhook deliveries', () => {
  it('go through the safe agent: a name resolving to a metadata address is refused, nothing sent', async () => {
    const senders = new AlertSenders(undefined, { box, resolve: names })
    received = []
    for (const type of ['slack', 'webhook'] as const) {
      const target = sealTarget(box, type, `http://rebound.test:${port}/hook`)
      await expect(senders.send({ type, target, secret: 'whsec_c2VjcmV0' }, delivery)).rejects.toThrow(
        /could not be reached: address not allowed$/,
      )
      const allowed = sealTarget(box, type, `http://receiver.test:${port}/${type}`)
      answer = { status: 200, body: 'ok' }
      await senders.send({ type, target: allowed, secret: 'whsec_c2VjcmV0' }, delivery)
    }
    expect(received).toEqual(['/slack', '/webhook'])
    senders.close()
  })

  it("report a receiver's failure by its status, never by its answer", async () => {
    const senders = new AlertSenders(undefined, { box, resolve: names })
    answer = { status: 500, body: 'internal-secret: at /srv/app.js:12' }
    const sending = senders.send(
      { type: 'slack', target: sealTarget(box, 'slack', `http://receiver.test:${port}/x`), secret: null },
      delivery,
    )
    await expect(sending).rejects.toThrow(/^Slack answered 500$/)
    senders.close()
  })

  it('honour ALERT_TARGET_ALLOW', async () => {
    const senders = new AlertSenders(undefined, { box, resolve: names, allow: ['hooks.slack.com'] })
    await expect(
      senders.send({ type: 'slack', target: `http://receiver.test:${port}/x`, secret: null }, delivery),
    ).rejects.toThrow(/address not allowed/)
    expect(senders.targetProblem(`http://receiver.test:${port}/x`)).toMatch(/ALERT_TARGET_ALLOW/)
    expect(senders.targetProblem('https://hooks.slack.com/services/x')).toBeNull()
    senders.close()
  })
})

describe('email', () => {
  it.each([
    ['smtp://u:p@mail.agency.example:587', false],
    ['smtp://u:p@10.0.0.5:25', false],
    ['smtps://u:p@mail.agency.example:465', true],
    ['smtp://u:p@mail.agency.example:587?requireTLS=true', true],
    ['smtp://u:p@127.0.0.1:2525', true],
    ['smtp://u:p@localhost:2525', true],
    ['smtp://u:p@[::1]:2525', true],
  ])('%s is usable: %s', (url, usable) => {
    expect(smtpTlsProblem(url) === null).toBe(usable)
  })

  it('is refused before connecting when SMTP_URL is plain SMTP to another host', async () => {
    const senders = new AlertSenders(
      { url: 'smtp://leadrelay:mail-password@mail.agency.example:587', from: 'a@agency.test' },
      { box },
    )
    expect(senders.emailProblem()).toMatch(/^SMTP_URL must use TLS/)
    const sending = senders.send({ type: 'email', target: 'ops@agency.test', secret: null }, delivery)
    await expect(sending).rejects.toThrow(/^SMTP_URL must use TLS/)
    await expect(sending).rejects.not.toThrow(/mail-password/)
    senders.close()
  })
})
