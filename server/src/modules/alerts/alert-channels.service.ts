import { randomBytes, randomUUID } from 'node:crypto'
import {
  type AlertChannel,
  type AlertType,
  alertTargetProblem,
  type CreateAlertChannel,
  type CreatedAlertChannel,
  type UpdateAlertChannel,
} from '@common/alerts.ts'
import type { DB } from '../../db/database.ts'
import { deliveryOf } from '../../engine/alerts/alert-delivery-content.ts'
import { composeAlert } from '../../engine/alerts/alert-message.ts'
import type { AlertSenders } from '../../integrations/alerts/alert-senders.ts'
import { ExternalServiceError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import type { SecretBox } from '../../lib/secret-box.ts'
import {
  type AlertChannelRow,
  deleteAlertChannel,
  findAlertChannel,
  insertAlertChannel,
  listAlertChannels,
  updateAlertChannel,
} from '../../repositories/alert-channels.repository.ts'
import { type Actor, recordAudit } from '../../repositories/audit.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'

export interface AlertChannelsDeps {
  db: DB
  box: SecretBox
  senders: AlertSenders
  baseUrl: string
  /** Email channels need SMTP_URL (docs/spec/product.md §9.3). */
  hasSmtp: boolean
}

/**
 * Alert channels (docs/spec/product.md §9.3, §9.7). A webhook channel's signing secret is made
 * here, answered once at creation and then kept sealed; slack and webhook URLs are credentials,
 * shown as scheme and host only. Changes are audited without either.
 */
export class AlertChannelsService {
  constructor(private readonly deps: AlertChannelsDeps) {}

  async list(): Promise<AlertChannel[]> {
    return (await listAlertChannels(this.deps.db)).map(toWire)
  }

  async create(input: CreateAlertChannel, session: AuthenticatedSession): Promise<CreatedAlertChannel> {
    if (input.type === 'email') this.assertSmtp()
    const secret = input.type === 'webhook' ? `whsec_${randomBytes(24).toString('base64')}` : null
    return this.deps.db.transaction(async (tx) => {
      const row = await insertAlertChannel(tx, {
        id: randomUUID(),
        name: input.name,
        type: input.type,
        target: input.target,
        secret: secret ? this.deps.box.seal(secret) : null,
        events: input.events,
        clientIds: input.clientIds,
        slaMinutes: input.slaMinutes,
        quietHours: input.quietHours,
        enabled: input.enabled,
      })
      const channel = toWire(row)
      await recordAudit(tx, actorOf(session), {
        action: 'alert_channel.create',
        entityType: 'alert_channel',
        entityId: row.id,
        after: channel,
      })
      return secret ? { ...channel, secret } : channel
    })
  }

  async update(id: string, input: UpdateAlertChannel, session: AuthenticatedSession): Promise<AlertChannel> {
    const existing = await this.find(id)
    if (input.target !== undefined) {
      const problem = alertTargetProblem(existing.type, input.target)
      if (problem) throw new ValidationError(`target: ${problem}`)
    }
    return this.deps.db.transaction(async (tx) => {
      const row = await updateAlertChannel(tx, id, input)
      if (!row) throw new NotFoundError(`Alert channel ${id} not found`)
      const channel = toWire(row)
      await recordAudit(tx, actorOf(session), {
        action: 'alert_channel.update',
        entityType: 'alert_channel',
        entityId: id,
        before: toWire(existing),
        after: channel,
      })
      return channel
    })
  }

  async remove(id: string, session: AuthenticatedSession): Promise<void> {
    const existing = await this.find(id)
    await this.deps.db.transaction(async (tx) => {
      if (!(await deleteAlertChannel(tx, id))) throw new NotFoundError(`Alert channel ${id} not found`)
      await recordAudit(tx, actorOf(session), {
        action: 'alert_channel.delete',
        entityType: 'alert_channel',
        entityId: id,
        before: toWire(existing),
      })
    })
  }

  /** Sends a test event now, enabled or not (§9.7); the channel's own error becomes a 502. */
  async test(id: string): Promise<{ delivered: true }> {
    const channel = await this.find(id)
    if (channel.type === 'email') this.assertSmtp()
    const type: AlertType = channel.events[0] as AlertType
    const payload = composeAlert(
      { type, id: `evt_test_${randomUUID().replaceAll('-', '')}`, occurredAt: new Date(), clientId: null },
      { test: true },
      { baseUrl: this.deps.baseUrl, clientName: null, lead: null },
    )
    const delivery = deliveryOf(
      {
        ...payload,
        summary: `Test alert from LeadRelay for channel "${channel.name}"`,
        action: 'Nothing to do: this channel works.',
      },
      `msg_test_${randomUUID().replaceAll('-', '')}`,
    )
    try {
      await this.deps.senders.send(
        { type: channel.type, target: channel.target, secret: this.deps.box.openOptional(channel.secret) },
        delivery,
      )
    } catch (error) {
      throw new ExternalServiceError((error as Error).message)
    }
    return { delivered: true }
  }

  private assertSmtp(): void {
    if (!this.deps.hasSmtp)
      throw new ValidationError('type: email alerts need SMTP_URL (and ALERT_EMAIL_FROM) set on the server')
  }

  private async find(id: string): Promise<AlertChannelRow> {
    const row = await findAlertChannel(this.deps.db, id)
    if (!row) throw new NotFoundError(`Alert channel ${id} not found`)
    return row
  }
}

/** The channel as the API shows it: no secret, and only scheme and host of a URL target. */
export function toWire(row: AlertChannelRow): AlertChannel {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    target: row.type === 'email' ? row.target : originOf(row.target),
    events: row.events as AlertType[],
    clientIds: row.clientIds,
    slaMinutes: row.slaMinutes,
    quietHours: row.quietHours ?? null,
    enabled: row.enabled,
  }
}

function originOf(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    return ''
  }
}

function actorOf(session: AuthenticatedSession): Actor {
  return { id: session.user.id, username: session.user.username, address: session.address }
}
