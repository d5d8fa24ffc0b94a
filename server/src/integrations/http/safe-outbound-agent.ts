import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns'
import type { Socket } from 'node:net'
import { Agent, buildConnector } from 'undici'
import type { OutboundTargetPolicy } from './outbound-target-policy.ts'

/** A connection refused by the policy, before any byte was sent to that address. */
export class AddressNotAllowedError extends Error {
  readonly code = 'E_ADDRESS_NOT_ALLOWED'
  constructor(reason: string) {
    super(`The target's address ${reason}`)
    this.name = 'AddressNotAllowedError'
  }
}

/** Every address a name resolves to; tests give a stub so no name reaches a real resolver. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>

const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true })

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void

/**
 * An undici dispatcher whose connections go only where `policy` allows (docs/spec/product.md
 * §9.7). The check is on the address actually connected to, not the name: the lookup the socket
 * connects with refuses forbidden answers (no DNS rebinding between a check and the connection),
 * a literal address is checked before connecting, and the socket's peer is checked once more.
 */
export function createSafeOutboundAgent(
  policy: OutboundTargetPolicy,
  options: { resolve?: Resolve; connectTimeoutMs?: number } = {},
): Agent {
  const resolve = options.resolve ?? systemResolve
  const lookup = (hostname: string, lookupOptions: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const usable = addresses.filter(
          (each) =>
            lookupOptions.family === undefined ||
            lookupOptions.family === 0 ||
            each.family === lookupOptions.family,
        )
        // One forbidden answer condemns the name: the socket may try any of them.
        const refused = usable.map((each) => policy.addressProblem(hostname, each.address)).find(Boolean)
        if (refused) return callback(new AddressNotAllowedError(refused), '')
        const [first] = usable
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`)
          error.code = 'ENOTFOUND'
          return callback(error, '')
        }
        if (lookupOptions.all) return callback(null, usable)
        callback(null, first.address, first.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    )
  }
  const connect = buildConnector({ timeout: options.connectTimeoutMs ?? 10_000, lookup })
  return new Agent({
    connect: (connectOptions, callback) => {
      const problem = policy.hostProblem(connectOptions.hostname)
      if (problem) return callback(new AddressNotAllowedError(problem), null)
      connect(connectOptions, (error, socket) => {
        if (error || !socket) return callback(error ?? new Error('No socket'), null)
        const peer = (socket as Socket).remoteAddress
        const refused = peer ? policy.addressProblem(connectOptions.hostname, peer) : null
        if (refused) {
          socket.destroy()
          return callback(new AddressNotAllowedError(refused), null)
        }
        callback(null, socket)
      })
    },
  })
}

/**
 * What went wrong reaching a receiver, in words an operator can act on and without anything the
 * receiver or the network said (docs/spec/product.md §9.7: a status or the kind of error).
 */
export function networkFailureKind(error: unknown): string {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, name } = current as { code?: unknown; name?: unknown }
    if (current instanceof AddressNotAllowedError || code === 'E_ADDRESS_NOT_ALLOWED')
      return 'address not allowed'
    const kind = typeof code === 'string' ? KINDS[code] : undefined
    if (kind) return `${kind} (${code})`
    if (typeof code === 'string' && /^(ERR_TLS|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|ERR_SSL)/.test(code))
      return `TLS error (${code})`
    if (name === 'TimeoutError' || name === 'AbortError') return 'timed out'
    current = (current as { cause?: unknown }).cause
  }
  return 'network error'
}

const KINDS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ETIMEDOUT: 'timed out',
  UND_ERR_CONNECT_TIMEOUT: 'timed out',
  UND_ERR_HEADERS_TIMEOUT: 'timed out',
  UND_ERR_BODY_TIMEOUT: 'timed out',
  UND_ERR_ABORTED: 'timed out',
  UND_ERR_SOCKET: 'connection closed',
  ENOTFOUND: 'DNS lookup failed',
  EAI_AGAIN: 'DNS lookup failed',
  EAI_NONAME: 'DNS lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
}
