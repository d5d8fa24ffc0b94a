/** The parts of a captured mail a person looks at, decoded. */
export interface MailParts {
  subject: string
  from: string
  to: string
  text: string
  html: string
  headers: Record<string, string>
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/)
  const head = at < 0 ? raw : raw.slice(0, at)
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '')
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const soft = text.replace(/=\r?\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i] ?? ''
    const hex = soft.slice(i + 1, i + 3)
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else bytes.push(...Buffer.from(c, 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body)
  if (encoding?.toLowerCase() === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return body
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) in a header. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_m, _charset, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  )
}

/**
 * The text and HTML parts of a mail as nodemailer writes it (multipart/alternative, or one part):
 * enough for the catcher's page and the tests, not a general MIME parser.
 */
export function mailParts(raw: string): MailParts {
  const { headers, body } = splitHead(raw)
  const parts = { text: '', html: '' }
  const collect = (partHeaders: Record<string, string>, partBody: string) => {
    const type = partHeaders['content-type'] ?? 'text/plain'
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
    if (type.startsWith('multipart/') && boundary) {
      for (const chunk of partBody.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break
        const inner = splitHead(chunk.replace(/^\r?\n/, ''))
        collect(inner.headers, inner.body)
      }
      return
    }
    const decoded = decodeBody(partBody, partHeaders['content-transfer-encoding']).replace(/\r?\n$/, '')
    if (type.startsWith('text/html')) parts.html = decoded
    else if (type.startsWith('text/plain')) parts.text = decoded
  }
  collect(headers, body)
  return {
    subject: decodeWords(headers.subject ?? ''),
    from: decodeWords(headers.from ?? ''),
    to: decodeWords(headers.to ?? ''),
    headers,
    ...parts,
  }
}
