import { BlockList, isIP } from 'node:net'

// Where outbound requests to addresses a user typed (alert targets) may go (docs/spec/product.md
// §9.7): plain http and loopback are fine (self-hosted receivers), link-local and cloud metadata
// addresses never are, and ALERT_TARGET_ALLOW, when set, is the only allowed set.

/** Names that reach a cloud's instance metadata service whatever they resolve to. */
const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.internal',
  'metadata.tencentyun.com',
])

/** Link-local ranges (where every cloud's metadata service lives) and the metadata addresses outside them. */
const NEVER = new BlockList()
NEVER.addSubnet('169.254.0.0', 16, 'ipv4')
NEVER.addAddress('100.100.100.200', 'ipv4') // Alibaba Cloud metadata
NEVER.addSubnet('fe80::', 10, 'ipv6')
NEVER.addAddress('fd00:ec2::254', 'ipv6') // AWS metadata over IPv6

export const NOT_ALLOWED_NEVER = 'is a link-local or cloud metadata address'
export const NOT_ALLOWED_BY_LIST = 'is not in ALERT_TARGET_ALLOW'

export class OutboundTargetPolicy {
  private readonly hosts = new Set<string>()
  private readonly ranges = new BlockList()
  private readonly hasRanges: boolean
  private readonly restricted: boolean

  /** `allow`: ALERT_TARGET_ALLOW's entries (host names, addresses or CIDRs); none = any address but the never-allowed ones. */
  constructor(allow: readonly string[] = []) {
    let ranges = 0
    for (const raw of allow) {
      const entry = raw.trim().toLowerCase()
      if (!entry) continue
      const cidr = parseCidr(entry)
      if (cidr) {
        this.ranges.addSubnet(cidr.address, cidr.prefix, cidr.family)
        ranges++
      } else this.hosts.add(hostOf(entry))
    }
    this.hasRanges = ranges > 0
    this.restricted = this.hosts.size > 0 || this.hasRanges
  }

  /**
   * What is wrong with connecting to `hostname`, known before any DNS lookup (a literal address,
   * a metadata name, a name ALERT_TARGET_ALLOW cannot allow), or null.
   */
  hostProblem(hostname: string): string | null {
    const host = hostOf(hostname)
    if (METADATA_HOSTS.has(host)) return NOT_ALLOWED_NEVER
    if (isIP(host)) return this.addressProblem(host, host)
    if (!this.restricted || this.hosts.has(host)) return null
    // Only listed ranges could allow it: that is decided on the address it resolves to.
    return this.hasRanges ? null : NOT_ALLOWED_BY_LIST
  }

  /** What is wrong with connecting to `address` (what `hostname` resolved to), or null. */
  addressProblem(hostname: string, address: string): string | null {
    const ip = unmapped(address)
    if (!ip) return NOT_ALLOWED_NEVER
    if (NEVER.check(ip.address, ip.family)) return NOT_ALLOWED_NEVER
    if (!this.restricted || this.hosts.has(hostOf(hostname))) return null
    return this.ranges.check(ip.address, ip.family) ? null : NOT_ALLOWED_BY_LIST
  }

  /** A URL target's problem (its host known before any lookup), worded for a 400, or null. */
  urlProblem(url: string): string | null {
    let hostname: string
    try {
      hostname = new URL(url).hostname
    } catch {
      return null
    }
    const problem = this.hostProblem(hostname)
    return problem ? `Target's host ${problem}` : null
  }
}

/** Whether every entry of ALERT_TARGET_ALLOW is a host name, an address or a CIDR. */
export function isAllowEntry(entry: string): boolean {
  const value = entry.trim().toLowerCase()
  if (parseCidr(value)) return true
  return /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/.test(
    value,
  )
}

/** Lower case, no brackets around an IPv6 literal, no trailing dot of a fully qualified name. */
function hostOf(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
}

function parseCidr(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, ...rest] = hostOf(entry).split('/')
  const version = isIP(address)
  if (!version || rest.length) return null
  const max = version === 4 ? 32 : 128
  const prefix = prefixText === undefined ? max : Number(prefixText)
  if (!/^\d{1,3}$/.test(prefixText ?? '0') || prefix > max) return null
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' }
}

/**
 * The address as the range checks need it: an IPv6 address carrying an IPv4 one (mapped
 * `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`) is that IPv4 address, so
 * `[::ffff:169.254.169.254]` is refused like `169.254.169.254`. Null for what is no address.
 */
export function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } | null {
  const host = hostOf(address).replace(/%.*$/, '')
  const version = isIP(host)
  if (version === 4) return { address: host, family: 'ipv4' }
  if (version !== 6) return null
  const groups = ipv6Groups(host)
  if (!groups) return null
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0)
  const embedsV4 =
    (zeros(0, 5) && groups[5] === 0xffff) ||
    // IPv4-compatible `::a.b.c.d` (not `::` or `::1`, whose high groups are zero).
    (zeros(0, 6) && groups[6] !== 0) ||
    (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6))
  if (!embedsV4) return { address: host, family: 'ipv6' }
  const high = groups[6] ?? 0
  const low = groups[7] ?? 0
  return { address: [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.'), family: 'ipv4' }
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Groups(address: string): number[] | null {
  let text = address
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/)
  if (dotted?.[1]) {
    const bytes = dotted[1].split('.').map(Number)
    const [a = 0, b = 0, c = 0, d = 0] = bytes
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail, ...more] = text.split('::')
  if (more.length) return null
  const part = (value: string | undefined) =>
    value ? value.split(':').map((group) => Number.parseInt(group, 16)) : []
  const first = part(head)
  const last = part(tail)
  const fill = tail === undefined ? 0 : 8 - first.length - last.length
  const groups = [...first, ...Array(Math.max(fill, 0)).fill(0), ...last]
  return groups.length === 8 && groups.every((group) => Number.isInteger(group)) ? groups : null
}
