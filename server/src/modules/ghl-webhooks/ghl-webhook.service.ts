import type { LeadStatus } from '@common/leads.ts'
import type { DB } from '../../db/database.ts'
import type { ChangePort } from '../../engine/changes/change-port.ts'
import type { LeadEvents } from '../../engine/lead-events/lead-event-recorder.ts'
import { isEcho, leadStatusFromGhl } from '../../engine/pipeline/pipeline-rules.ts'
import type { GhlWebhookKeys } from '../../integrations/ghl/ghl-webhook-signature.ts'
import { recordAudit } from '../../repositories/audit.repository.ts'
import { insertStatusChangedInGhl } from '../../repositories/lead-activity.repository.ts'
import { setLeadStatus } from '../../repositories/lead-inbox.repository.ts'
import {
  claimGhlWebhook,
  findByOpportunityId,
  recordGhlEventAt,
  recordGhlState,
} from '../../repositories/lead-opportunities.repository.ts'
import { findLead } from '../../repositories/leads.repository.ts'
import { findPipeline } from '../../repositories/pipelines.repository.ts'
import { insertWebhookLog } from '../../repositories/webhook-logs.repository.ts'
import {
  acknowledgeGhlDelivery,
  answerOrTryAgain,
  clientOfLocation,
  describeFirstIssue,
  ghlTimestamp,
  refuseGhlDelivery,
  verifyGhlDelivery,
} from './ghl-delivery.ts'
import {
  ghlAppWebhookSchema,
  type OpportunityWebhook,
  opportunityWebhookSchema,
} from './ghl-webhook.schemas.ts'

export const GHL_WEBHOOK_PATH = '/ghl/webhook'

export interface GhlWebhookResult {
  status: number
  body: Record<string, unknown>
}

/**
 * `POST /ghl/webhook` (docs/spec/product.md §9.4): GHL's app webhooks, verified like `/reply`
 * (the same X-GHL-Signature check over the raw bytes) and applied once per `webhookId`. An
 * opportunity's stage or status update sets its lead's status to the mapped one, in the request
 * (database only: nothing is written back to GHL), audited and announced to open inboxes, and
 * recorded as a lead event: its reactions are a status change's in the inbox (the follow-ups of a
 * converted or closed lead end, `lead.status_changed` is raised; engine/lead-events/).
 */
export class GhlWebhookService {
  constructor(
    private readonly db: DB,
    private readonly keys: GhlWebhookKeys,
    private readonly changes: ChangePort,
    private readonly leadEvents: LeadEvents,
    private readonly log?: { error: (message: string) => void },
  ) {}

  accept(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<GhlWebhookResult> {
    return answerOrTryAgain('webhook', () => this.record(rawBody, headers), this.log)
  }

  private async record(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<GhlWebhookResult> {
    const delivery = { rawBody, headers, keys: this.keys }
    const envelope = await verifyGhlDelivery(this.db, GHL_WEBHOOK_PATH, delivery, ghlAppWebhookSchema)
    if (!envelope.ok) return envelope.answer
    const { json } = envelope
    const { webhookId } = envelope.data
    const sentAt = ghlTimestamp(envelope.data.timestamp)
    const update = opportunityWebhookSchema.safeParse(json)
    if (!update.success) {
      // Another app webhook (OpportunityCreate, INSTALL…): acknowledged, nothing to do.
      const isOpportunityUpdate =
        envelope.data.type.startsWith('Opportunity') && envelope.data.type.endsWith('Update')
      if (isOpportunityUpdate) return this.reject(400, json, describeFirstIssue(update.error.issues))
      return this.done(json, { received: true, ignored: `type ${envelope.data.type}` })
    }
    const client = await clientOfLocation(this.db, GHL_WEBHOOK_PATH, json, update.data.locationId)
    if (!client.ok) return client.answer
    const outcome = await this.leadEvents.transaction(this.db, async (tx) => {
      if (!(await claimGhlWebhook(tx, webhookId, update.data.type))) {
        return { response: { received: true, duplicate: true }, leadId: null }
      }
      const applied = await this.apply(tx, client.clientId, update.data, sentAt)
      await insertWebhookLog(tx, {
        endpoint: GHL_WEBHOOK_PATH,
        method: 'POST',
        statusCode: 200,
        payload: json,
        response: applied.response,
        clientId: client.clientId,
      })
      return applied
    })
    if (outcome.leadId)
      this.changes.announce({ topic: 'leads', clientId: client.clientId, leadId: outcome.leadId })
    this.changes.announce({ topic: 'logs', clientId: client.clientId })
    return { status: 200, body: outcome.response }
  }

  private async apply(
    tx: DB,
    clientId: string,
    update: OpportunityWebhook,
    sentAt: Date | null,
  ): Promise<{ response: Record<string, unknown>; leadId: string | null }> {
    // The one lead that owns the opportunity (a link is unique per client), locked.
    const row = await findByOpportunityId(tx, clientId, update.id)
    if (!row)
      return { response: { received: true, ignored: `opportunity ${update.id} is no lead's` }, leadId: null }
    const pipeline = await findPipeline(tx, clientId)
    const lead = await findLead(tx, clientId, row.leadId)
    if (!pipeline?.enabled || !lead) {
      return { response: { received: true, ignored: 'the pipeline is off for this client' }, leadId: null }
    }
    const { pipelineStageId: stageId, status: ghlStatus } = update
    // GHL redelivers only after a 429, up to an hour later: by then a newer update may be applied.
    if (sentAt && row.ghlEventAt && sentAt < row.ghlEventAt) {
      return {
        response: { received: true, ignored: 'an update newer than this one was applied' },
        leadId: null,
      }
    }
    // The hub's own move coming back, or a second webhook of one move: nothing new.
    const isRepeat = row.stageId === stageId && row.ghlStatus === ghlStatus
    if (isRepeat || isEcho(row.recentWrites, stageId, ghlStatus)) {
      await recordGhlEventAt(tx, row.leadId, sentAt)
      return { response: { received: true, unchanged: true }, leadId: null }
    }
    const current = lead.status as LeadStatus
    const inPipeline = !update.pipelineId || update.pipelineId === pipeline.pipelineId
    const next = inPipeline ? leadStatusFromGhl(ghlStatus, stageId, pipeline.stages, current) : null
    const statusChanged = next !== null && next !== current
    await recordGhlState(tx, row.leadId, { stageId, ghlStatus, statusChanged, eventAt: sentAt })
    if (!next || !statusChanged) return { response: { received: true, status: current }, leadId: row.leadId }
    await setLeadStatus(tx, row.leadId, next)
    await insertStatusChangedInGhl(tx, { clientId, leadId: row.leadId, detail: `${current} → ${next}` })
    await recordAudit(tx, null, {
      action: 'lead.status_changed_in_ghl',
      entityType: 'lead',
      entityId: row.leadId,
      before: { status: current },
      after: { status: next, changedIn: 'GHL', opportunityId: update.id, stageId, ghlStatus },
    })
    await this.leadEvents.record(tx, [
      {
        type: 'lead.status_changed',
        clientId,
        leadId: row.leadId,
        previous: current,
        status: next,
        origin: 'ghl',
        by: 'GHL',
      },
    ])
    return { response: { received: true, status: next }, leadId: row.leadId }
  }

  private done(payload: unknown, response: Record<string, unknown>): Promise<GhlWebhookResult> {
    return acknowledgeGhlDelivery(this.db, GHL_WEBHOOK_PATH, payload, response)
  }

  private reject(status: number, payload: unknown, error: string): Promise<GhlWebhookResult> {
    return refuseGhlDelivery(this.db, GHL_WEBHOOK_PATH, status, payload, error)
  }
}
