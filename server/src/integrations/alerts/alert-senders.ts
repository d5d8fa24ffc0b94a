import { isIP } from 'node:net'
import type { AlertChannelType } from '@common/alerts.ts'
import { createTransport, type Transporter } from 'nodemailer'
import { Webhook } from 'standardwebhooks'
import { type Agent, request } from 'undici'
import type { SecretBox } from '../../lib/secret-box.ts'
import { OutboundTargetPolicy } from '../http/outbound-target-policy.ts'
import { createSafeOutboundAgent, networkFailureKind, type Resolve } from '../http/safe-outbound-agent.ts'
import { openTarget } from './sealed-target.ts'

/** A channel as its sender needs it; `secret` is the opened `whsec_…` signing secret. */
export interface AlertDestination {
  type: AlertChannelType
  /** As stored: a slack or webhook URL sealed (sealed-target.ts), opened here just before sending. */
  target: string
  secret: string | null
}

/** One delivery, worded by the engine: each channel type takes the part it sends. */
export interface AlertDelivery {
  /** `webhook-id`: the same on every retry of this (event, channel), so receivers can dedupe. */
  deliveryId: string
  subject: string
  text: string
  html: string
  /** The webhook channel's JSON body (docs/spec/product.md §9.3). */
  body: Record<string, unknown>
}

/** A channel refused or could not be reached: its status or the kind of failure, never what it said. */
export class AlertDeliveryError extends Error {}

const TIMEOUT_MS = 10_000

/**
 * Delivers alerts to Slack incoming webhooks, SMTP and Standard Webhooks receivers. SMTP and the
 * signature are the libraries' (nodemailer, standardwebhooks), never framed here. Every HTTP
 * delivery goes through the safe outbound agent (docs/spec/product.md §9.7: never link-local or
 * metadata addresses, ALERT_TARGET_ALLOW when set, checked on the address connected to). Errors
 * carry a status or the kind of failure, never the receiver's answer, the target URL or the SMTP
 * password: the answer may hold anything, the others are credentials.
 */
export class AlertSenders {
  private readonly mailer: Transporter | null
  private readonly box: SecretBox
  private readonly policy: OutboundTargetPolicy
  private readonly agent: Agent
  private readonly smtpProblem: string | null

  constructor(
    private readonly smtp: { url: string; from: string } | undefined,
    options: { box: SecretBox; allow?: readonly string[]; resolve?: Resolve },
  ) {
    this.box = options.box
    this.policy = new OutboundTargetPolicy(options.allow)
    this.agent = createSafeOutboundAgent(this.policy, {
      resolve: options.resolve,
      connectTimeoutMs: TIMEOUT_MS,
    })
    this.smtpProblem = smtp ? smtpTlsProblem(smtp.url) : 'SMTP_URL is not set: email alerts cannot be sent'
    this.mailer = smtp
      ? createTransport({
          ...smtpOptions(smtp.url),
          connectionTimeout: TIMEOUT_MS,
          greetingTimeout: TIMEOUT_MS,
          socketTimeout: TIMEOUT_MS,
          logger: false,
        })
      : null
  }

  /** Why email alerts cannot be sent (no SMTP_URL, or plain SMTP to another host), or null. */
  emailProblem(): string | null {
    return this.smtpProblem
  }

  /** Why a slack or webhook URL may not be a target, known without connecting, or null. */
  targetProblem(url: string): string | null {
    return this.policy.urlProblem(url)
  }

  async send(destination: AlertDestination, delivery: AlertDelivery): Promise<void> {
    if (destination.type === 'email') return this.sendEmail(destination.target, delivery)
    const url = openTarget(this.box, destination.type, destination.target)
    if (destination.type === 'slack') {
      return this.post(url, JSON.stringify({ text: delivery.text }), {}, 'Slack')
    }
    if (!destination.secret) throw new AlertDeliveryError('The webhook channel has no signing secret')
    const body = JSON.stringify(delivery.body)
    const now = new Date()
    const signature = new Webhook(destination.secret).sign(delivery.deliveryId, now, body)
    return this.post(
      url,
      body,
      {
        'webhook-id': delivery.deliveryId,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      },
      'The webhook receiver',
    )
  }

  close(): void {
    this.mailer?.close()
    void this.agent.close().catch(() => undefined)
  }

  private async sendEmail(target: string, delivery: AlertDelivery): Promise<void> {
    if (!this.mailer || !this.smtp || this.smtpProblem) throw new AlertDeliveryError(this.smtpProblem ?? '')
    const to = target
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean)
    try {
      await this.mailer.sendMail({
        from: this.smtp.from,
        to,
        subject: delivery.subject,
        text: delivery.text,
        html: delivery.html,
        headers: { 'X-LeadRelay-Alert-Id': delivery.deliveryId },
      })
    } catch (error) {
      // Its status code, or the kind of failure: what the server said may echo addresses or more.
      const { responseCode, code } = error as { responseCode?: unknown; code?: unknown }
      if (typeof responseCode === 'number')
        throw new AlertDeliveryError(`The SMTP server refused the alert: it answered ${responseCode}`)
      const kind = code === 'EAUTH' ? 'authentication failed' : networkFailureKind(error)
      throw new AlertDeliveryError(`The SMTP server could not be reached: ${kind}`)
    }
  }

  private async post(url: string, body: string, headers: Record<string, string>, who: string): Promise<void> {
    let status: number
    try {
      const answer = await request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        dispatcher: this.agent,
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      status = answer.statusCode
      // Its answer is never read: whatever it says stays with it.
      await answer.body.dump().catch(() => undefined)
    } catch (error) {
      throw new AlertDeliveryError(`${who} could not be reached: ${networkFailureKind(error)}`)
    }
    if (status >= 200 && status < 300) return
    throw new AlertDeliveryError(`${who} answered ${status}`)
  }
}

/**
 * smtp://user:pass@host:587 (smtps:// for TLS from the start; `?requireTLS=true` to insist on
 * STARTTLS) as nodemailer's options.
 */
function smtpOptions(url: string) {
  const parsed = new URL(url)
  const secure = parsed.protocol === 'smtps:'
  const user = decodeURIComponent(parsed.username)
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    requireTLS: requiresTls(parsed),
    ...(user ? { auth: { user, pass: decodeURIComponent(parsed.password) } } : {}),
  }
}

function requiresTls(url: URL): boolean {
  return ['true', '1', 'yes'].includes((url.searchParams.get('requireTLS') ?? '').toLowerCase())
}

/**
 * Plain SMTP would carry the SMTP password and the alerts in the clear: only to this machine
 * (a local relay); elsewhere TLS from the start (smtps://) or STARTTLS insisted on.
 */
export function smtpTlsProblem(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return 'SMTP_URL is not a URL'
  }
  if (parsed.protocol === 'smtps:' || requiresTls(parsed) || isLoopback(parsed.hostname)) return null
  return 'SMTP_URL must use TLS to reach another host: use smtps:// or add ?requireTLS=true (STARTTLS)'
}

function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  if (isIP(host) === 4) return host.startsWith('127.')
  return host === '::1'
}
