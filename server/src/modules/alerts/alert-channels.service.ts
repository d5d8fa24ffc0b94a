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
import { isSealedType, openTarget, sealTarget } from '../../integrations/alerts/sealed-target.ts'
import { ExternalServiceError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts'
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
import { visibleClientIds } from '../clients/client-scope.ts'

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
 * kept sealed and shown as scheme and host only. Changes are audited without either. A scoped
 * role (docs/decisions/0022-what-scoped-roles-see.md) reaches only the channels all of whose
 * clients are its own: a channel for every client is not its to see, make or change.
 */
export class AlertChannelsService {
  constructor(private readonly deps: AlertChannelsDeps) {}

  async list(session: AuthenticatedSession): Promise<AlertChannel[]> {
    const scope = await visibleClientIds(this.deps.db, session)
    return (await listAlertChannels(this.deps.db))
      .filter((row) => isWithin(scope, row.clientIds))
      .map((row) => this.toWire(row))
  }

  async create(input: CreateAlertChannel, session: AuthenticatedSession): Promise<CreatedAlertChannel> {
    if (input.type === 'email') this.assertSmtp()
    this.assertTargetAllowed(input.type, input.target)
    await this.assertClientsReachable(session, input.clientIds)
    const secret = input.type === 'webhook' ? `whsec_${randomBytes(24).toString('base64')}` : null
    return this.deps.db.transaction(async (tx) => {
      const row = await insertAlertChannel(tx, {
        id: randomUUID(),
        name: input.name,
        type: input.type,
        target: sealTarget(this.deps.box, input.type, input.target),
        secret: secret ? this.deps.box.seal(secret) : null,
        events: input.events,
        clientIds: input.clientIds,
        slaMinutes: input.slaMinutes,
        quietHours: input.quietHours,
        enabled: input.enabled,
      })
      const channel = this.toWire(row)
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
    const existing = await this.find(id, session)
    const before = this.toWire(existing)
    if (input.id !== undefined && input.id !== id)
      throw new ValidationError(`id: The body's id must be this channel's (${id})`)
    if (input.type !== undefined && input.type !== existing.type)
      throw new ValidationError(`type: A channel's type cannot change (this one is ${existing.type})`)
    const { id: _id, type: _type, target: givenTarget, ...fields } = input
    // The target as GET shows it (scheme and host of a URL) means "keep the stored one".
    const target =
      givenTarget === undefined || isShownForm(givenTarget, before.target) ? undefined : givenTarget
    if (target !== undefined) {
      const problem = alertTargetProblem(existing.type, target)
      if (problem) throw new ValidationError(`target: ${problem}`)
      this.assertTargetAllowed(existing.type, target)
    }
    if (fields.clientIds !== undefined) await this.assertClientsReachable(session, fields.clientIds)
    return this.deps.db.transaction(async (tx) => {
      const row = await updateAlertChannel(tx, id, {
        ...fields,
        ...(target !== undefined ? { target: sealTarget(this.deps.box, existing.type, target) } : {}),
      })
      if (!row) throw new NotFoundError(`Alert channel ${id} not found`)
      const channel = this.toWire(row)
      await recordAudit(tx, actorOf(session), {
        action: 'alert_channel.update',
        entityType: 'alert_channel',
        entityId: id,
        before,
        after: channel,
      })
      return channel
    })
  }

  async remove(id: string, session: AuthenticatedSession): Promise<void> {
    const existing = await this.find(id, session)
    await this.deps.db.transaction(async (tx) => {
      if (!(await deleteAlertChannel(tx, id))) throw new NotFoundError(`Alert channel ${id} not found`)
      await recordAudit(tx, actorOf(session), {
        action: 'alert_channel.delete',
        entityType: 'alert_channel',
        entityId: id,
        before: this.toWire(existing),
      })
    })
  }

  /** Sends a test event now, enabled or not (§9.7); the channel's own error becomes a 502. */
  async test(id: string, session: AuthenticatedSession): Promise<{ delivered: true }> {
    const channel = await this.find(id, session)
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
      channel.type,
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
    const problem = this.deps.senders.emailProblem()
    if (problem) throw new ValidationError(`type: email alerts cannot be sent: ${problem}`)
  }

  /** Link-local, metadata or (with ALERT_TARGET_ALLOW) unlisted hosts, as far as the URL tells. */
  private assertTargetAllowed(type: AlertChannel['type'], target: string): void {
    if (!isSealedType(type)) return
    const problem = this.deps.senders.targetProblem(target)
    if (problem) throw new ValidationError(`target: ${problem}`)
  }

  /** A scoped role names only its own clients, and at least one (empty means every client). */
  private async assertClientsReachable(session: AuthenticatedSession, clientIds: string[]): Promise<void> {
    const scope = await visibleClientIds(this.deps.db, session)
    if (scope === null) return
    if (clientIds.length === 0)
      throw new ValidationError(
        'clientIds: Choose your clients: a channel for every client is not yours to make',
      )
    const outside = clientIds.filter((clientId) => !scope.includes(clientId))
    if (outside.length)
      throw new ForbiddenError(
        `clientIds: ${outside.join(', ')} ${outside.length > 1 ? 'are' : 'is'} not among your clients`,
      )
  }

  /** The channel, or 404 when it does not exist or the caller's scope does not reach it. */
  private async find(id: string, session: AuthenticatedSession): Promise<AlertChannelRow> {
    const row = await findAlertChannel(this.deps.db, id)
    if (!row || !isWithin(await visibleClientIds(this.deps.db, session), row.clientIds))
      throw new NotFoundError(`Alert channel ${id} not found`)
    return row
  }

  /** Scheme and host of a stored URL target; empty when no configured APP_SECRET opens it. */
  private shownUrl(row: AlertChannelRow): string {
    try {
      return originOf(openTarget(this.deps.box, row.type, row.target))
    } catch {
      return ''
    }
  }

  /** The channel as the API shows it: no secret, and only scheme and host of a URL target. */
  private toWire(row: AlertChannelRow): AlertChannel {
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      target: isSealedType(row.type) ? this.shownUrl(row) : row.target,
      events: row.events as AlertType[],
      clientIds: row.clientIds,
      slaMinutes: row.slaMinutes,
      quietHours: row.quietHours ?? null,
      enabled: row.enabled,
    }
  }
}

/** Whether `given` is the target as shown (`https://host`, a trailing slash allowed), not a new one. */
function isShownForm(given: string, shown: string): boolean {
  if (given === shown) return true
  try {
    const url = new URL(given)
    return url.href === `${shown}/` && !url.username && !url.password
  } catch {
    return false
  }
}

/** Whether a channel's clients are all within `scope` (null: every client; an empty list is every client). */
function isWithin(scope: string[] | null, clientIds: string[]): boolean {
  if (scope === null) return true
  return clientIds.length > 0 && clientIds.every((clientId) => scope.includes(clientId))
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
