import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { escapeHtml } from './catcher-page.ts'
import { type MailParts, mailParts } from './mime-parts.ts'

export interface CapturedMail extends MailParts {
  n: number
  at: string
  envelopeTo: string[]
  /** The user name the client signed in with (the password is not kept). */
  user: string | null
  raw: string
}

export interface MailCatcher {
  /** SMTP_URL for the hub: plain SMTP on a local port, any user and password accepted. */
  smtpUrl: string
  /** Lists the captured mails; `/mails/<n>/html` and `/mails/<n>/text` show one mail's parts. */
  pageUrl: string
  mails(): CapturedMail[]
  close(): Promise<void>
}

/**
 * A local SMTP server that keeps every mail (smtp-server) and shows them over HTTP, so the email
 * alert channel works in the tests, `npm run sim` and `npm run demo` with no mail account.
 */
export async function startMailCatcher(
  options: { smtpPort?: number; httpPort?: number; host?: string } = {},
): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1'
  const captured: CapturedMail[] = []
  const smtp = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, sign-in over the unencrypted line allowed.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' })
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        captured.push({
          n: captured.length + 1,
          at: new Date().toISOString(),
          envelopeTo: session.envelope.rcptTo.map((to) => to.address),
          user: typeof session.user === 'string' ? session.user : null,
          raw,
          ...mailParts(raw),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(options.smtpPort ?? 0, host, resolve))
  const smtpPort = (smtp.server.address() as AddressInfo).port
  const http = createServer((request, response) => {
    const match = /^\/mails\/(\d+)\/(html|text)$/.exec(request.url ?? '')
    const mail = match ? captured[Number(match[1]) - 1] : undefined
    if (match && mail) {
      if (match[2] === 'html')
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(mail.html)
      else response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(mail.text)
      return
    }
    if (request.url?.startsWith('/__captured')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(captured, null, 2))
      return
    }
    const rows = [...captured]
      .reverse()
      .map(
        (each) =>
          `<section><h2>#${each.n} · ${escapeHtml(each.subject)}</h2><p>${escapeHtml(each.at)} · to ${escapeHtml(each.envelopeTo.join(', '))} · <a href="/mails/${each.n}/html">HTML</a> · <a href="/mails/${each.n}/text">text</a></p><pre>${escapeHtml(each.text)}</pre></section>`,
      )
      .join('\n')
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><meta charset="utf-8"><title>Mail catcher</title><style>body{font-family:sans-serif;margin:16px}pre{background:#f3f4f6;padding:8px;white-space:pre-wrap;overflow-wrap:anywhere}</style><h1>Mail catcher: ${captured.length} received</h1>${rows || '<p>No mail yet.</p>'}`,
      )
  })
  await new Promise<void>((resolve) => http.listen(options.httpPort ?? 0, host, resolve))
  const httpPort = (http.address() as AddressInfo).port
  return {
    smtpUrl: `smtp://leadrelay:catcher-password@127.0.0.1:${smtpPort}`,
    pageUrl: `http://127.0.0.1:${httpPort}/`,
    mails: () => [...captured],
    close: async () => {
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    },
  }
}
