import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboundTargetPolicy, unmapped } from './outbound-target-policy.ts'
import { createSafeOutboundAgent, networkFailureKind, type Resolve } from './safe-outbound-agent.ts'

// docs/spec/product.md §9.7: the address actually connected to decides. Names resolve through a
// stub, so a name "rebound" to a link-local address is refused without any traffic leaving this
// machine; the only server reached is on loopback.

let receiver: Server
let port: number
let hits = 0

beforeAll(async () => {
  receiver = createServer((_request, response) => {
    hits++
    response.end('ok')
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  port = (receiver.address() as AddressInfo).port
})
afterAll(() => new Promise((resolve) => receiver.close(resolve)))

/** A resolver that knows a few names and nothing else. */
const stub =
  (names: Record<string, string[]>): Resolve =>
  async (hostname) => {
    const addresses = names[hostname]
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
  }

async function post(url: string, policy: OutboundTargetPolicy, resolve: Resolve) {
  const agent = createSafeOutboundAgent(policy, { resolve, connectTimeoutMs: 2_000 })
  try {
    const answer = await request(url, { method: 'POST', body: '{}', dispatcher: agent })
    await answer.body.dump()
    return { status: answer.statusCode }
  } catch (error) {
    return { failure: networkFailureKind(error) }
  } finally {
    await agent.close()
  }
}

describe('the safe outbound agent', () => {
  const names = stub({
    'receiver.test': ['127.0.0.1'],
    'rebound.test': ['169.254.169.254'],
    'mapped.test': ['::ffff:169.254.10.1'],
    'mixed.test': ['127.0.0.1', 'fe80::1'],
    'other-loopback.test': ['127.0.0.2'],
  })

  it('connects to what a name resolves to when it is allowed', async () => {
    const before = hits
    expect(await post(`http://receiver.test:${port}/x`, new OutboundTargetPolicy(), names)).toEqual({
      status: 200,
    })
    expect(hits).toBe(before + 1)
  })

  it.each([
    ['a name that resolves to a link-local address', 'rebound.test'],
    ['a name that resolves to an IPv4-mapped link-local address', 'mapped.test'],
    ['a name with one link-local answer among good ones', 'mixed.test'],
  ])('refuses %s at connect, sending nothing', async (_case, host) => {
    const before = hits
    expect(await post(`http://${host}:${port}/x`, new OutboundTargetPolicy(), names)).toEqual({
      failure: 'address not allowed',
    })
    expect(hits).toBe(before)
  })

  it('refuses metadata names and literal link-local addresses before any lookup', async () => {
    const never: Resolve = async () => {
      throw new Error('the resolver must not be asked')
    }
    for (const url of ['http://metadata.google.internal/', 'http://169.254.169.254/', 'http://[fe80::1]/']) {
      expect(await post(url, new OutboundTargetPolicy(), never)).toEqual({ failure: 'address not allowed' })
    }
  })

  it('with ALERT_TARGET_ALLOW, reaches only listed hosts and ranges', async () => {
    const before = hits
    const byRange = new OutboundTargetPolicy(['127.0.0.1/32'])
    expect(await post(`http://receiver.test:${port}/x`, byRange, names)).toEqual({ status: 200 })
    expect(await post(`http://other-loopback.test:${port}/x`, byRange, names)).toEqual({
      failure: 'address not allowed',
    })
    const byName = new OutboundTargetPolicy(['receiver.test'])
    expect(await post(`http://receiver.test:${port}/x`, byName, names)).toEqual({ status: 200 })
    expect(await post(`http://127.0.0.1:${port}/x`, byName, names)).toEqual({
      failure: 'address not allowed',
    })
    // Even a listed name never reaches a link-local address.
    expect(
      await post(`http://rebound.test:${port}/x`, new OutboundTargetPolicy(['rebound.test']), names),
    ).toEqual({ failure: 'address not allowed' })
    expect(hits).toBe(before + 2)
  })

  it('names a failed lookup and a refused connection by their kind', async () => {
    expect(await post('http://unknown.test/x', new OutboundTargetPolicy(), names)).toEqual({
      failure: 'DNS lookup failed (ENOTFOUND)',
    })
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const closedPort = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    expect(await post(`http://127.0.0.1:${closedPort}/x`, new OutboundTargetPolicy(), names)).toEqual({
      failure: 'connection refused (ECONNREFUSED)',
    })
  })
})

describe('unmapped', () => {
  it.each([
    ['::ffff:169.254.169.254', '169.254.169.254'],
    ['::ffff:a9fe:a9fe', '169.254.169.254'],
    ['[::ffff:a9fe:a9fe]', '169.254.169.254'],
    ['64:ff9b::a9fe:a9fe', '169.254.169.254'],
    ['::1', '::1'],
    ['fe80::1%eth0', 'fe80::1'],
  ])('reads %s as %s', (input, address) => {
    expect(unmapped(input)?.address).toBe(address)
  })

  it('refuses every form of a link-local address', () => {
    const policy = new OutboundTargetPolicy()
    for (const host of ['169.254.0.1', '[::ffff:169.254.1.1]', '::ffff:a9fe:101', 'fe80::abcd', 'FE80::1']) {
      expect(policy.hostProblem(host)).not.toBeNull()
    }
    for (const host of ['127.0.0.1', '::1', '10.0.0.1', 'hooks.slack.com', 'localhost']) {
      expect(policy.hostProblem(host)).toBeNull()
    }
  })
})
