import { createTransport, type Transporter } from 'nodemailer'
import { Webhook } from 'standardwebhooks'

/** A channel as its sender needs it; `secret` is the opened `whsec_…` signing secret. */
export interface AlertDestination {
  type: 'slack' | 'email' | 'webhook'
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

/** A channel refused or could not be reached; the message is what the channel said. */
export class AlertDeliveryError extends Error {}

const TIMEOUT_MS = 10_000

/**
 * Delivers alerts to Slack incoming webhooks, SMTP and Standard Webhooks receivers. SMTP and the
 * signature are the libraries' (nodemailer, standardwebhooks), never framed here. Errors never
 * carry the target URL or the SMTP password: both are credentials.
 */
export class AlertSenders {
  private readonly mailer: Transporter | null

  constructor(private readonly smtp: { url: string; from: string } | undefined) {
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

  async send(destination: AlertDestination, delivery: AlertDelivery): Promise<void> {
    if (destination.type === 'email') return this.sendEmail(destination.target, delivery)
    if (destination.type === 'slack') {
      return this.post(destination.target, JSON.stringify({ text: delivery.text }), {}, 'Slack')
    }
    if (!destination.secret) throw new AlertDeliveryError('The webhook channel has no signing secret')
    const body = JSON.stringify(delivery.body)
    const now = new Date()
    const signature = new Webhook(destination.secret).sign(delivery.deliveryId, now, body)
    return this.post(
      destination.target,
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
  }

  private async sendEmail(target: string, delivery: AlertDelivery): Promise<void> {
    if (!this.mailer || !this.smtp)
      throw new AlertDeliveryError('SMTP_URL is not set: email alerts cannot be sent')
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
      throw new AlertDeliveryError(
        `The SMTP server refused the alert: ${withoutSecrets(this.smtp.url, (error as Error).message)}`,
      )
    }
  }

  private async post(url: string, body: string, headers: Record<string, string>, who: string): Promise<void> {
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message
      throw new AlertDeliveryError(
        `${who} could not be reached: ${withoutSecrets(url, cause ?? (error as Error).message)}`,
      )
    }
    if (response.ok) {
      await response.body?.cancel()
      return
    }
    const said = (await response.text().catch(() => '')).slice(0, 300).trim()
    throw new AlertDeliveryError(
      `${who} answered ${response.status}${said ? `: ${withoutSecrets(url, said)}` : ''}`,
    )
  }
}

/** smtp://user:pass@host:587 (smtps:// for TLS from the start) as nodemailer's options. */
function smtpOptions(url: string) {
  const parsed = new URL(url)
  const secure = parsed.protocol === 'smtps:'
  const user = decodeURIComponent(parsed.username)
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    ...(user ? { auth: { user, pass: decodeURIComponent(parsed.password) } } : {}),
  }
}

/** An error text without the URL's path and credentials (the URL itself is a secret). */
function withoutSecrets(url: string, message: string): string {
  let out = message.split(url).join('[target]')
  try {
    const parsed = new URL(url)
    for (const part of [
      parsed.password,
      parsed.username,
      parsed.pathname.length > 1 ? parsed.pathname : '',
    ]) {
      if (part) out = out.split(part).join('***')
    }
  } catch {
    // Not a URL: nothing more to hide.
  }
  return out
}
