import type { LeadStatus } from '@common/leads.ts'
import type { DB } from '../../db/database.ts'
import { urgently } from '../../db/urgency.ts'
import type { ChangePort } from '../../engine/changes/change-port.ts'
import { isEcho, leadStatusFromGhl } from '../../engine/pipeline/pipeline-rules.ts'
import { parseStorableJson, storableRawText } from '../../http/storable-json.ts'
import { checkGhlSignature, type GhlWebhookKeys } from '../../integrations/ghl/ghl-webhook-signature.ts'
import { recordAudit } from '../../repositories/audit.repository.ts'
import { findClientByLocationId } from '../../repositories/clients.repository.ts'
import { insertStatusChangedInGhl } from '../../repositories/lead-activity.repository.ts'
import { setLeadStatus } from '../../repositories/lead-inbox.repository.ts'
import {
  claimGhlWebhook,
  findByOpportunityId,
  recordGhlState,
} from '../../repositories/lead-opportunities.repository.ts'
import { findLead } from '../../repositories/leads.repository.ts'
import { findPipeline } from '../../repositories/pipelines.repository.ts'
import { insertWebhookLog } from '../../repositories/webhook-logs.repository.ts'
import {
  ghlAppWebhookSchema,
  type OpportunityWebhook,
  opportunityWebhookSchema,
} from './ghl-webhook.schemas.ts'

export const GHL_WEBHOOK_PATH = '/ghl/webhook'
// As for /reply (reply.service.ts): GHL's retries after a 429 keep the first timestamp, for up
// to about 70 minutes (docs/providers/ghl.md §10); older than this is refused as a replay.
const MAX_AGE_MS = 90 * 60_000
/** GHL retries an app webhook only after a 429 (docs/providers/ghl.md §10). */
const TRY_AGAIN = 429

export interface GhlWebhookResult {
  status: number
  body: Record<string, unknown>
}

/**
 * `POST /ghl/webhook` (docs/spec/product.md §9.4): GHL's app webhooks, verified like `/reply`
 * (the same X-GHL-Signature check over the raw bytes) and applied once per `webhookId`. An
 * opportunity's stage or status update sets its lead's status to the mapped one, in the request
 * (database only: nothing is written back to GHL), audited and announced to open inboxes.
 */
export class GhlWebhookService {
  constructor(
    private readonly db: DB,
    private readonly keys: GhlWebhookKeys,
    private readonly changes: ChangePort,
    private readonly log?: { error: (message: string) => void },
  ) {}

  async accept(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<GhlWebhookResult> {
    try {
      return await urgently(() => this.record(rawBody, headers))
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause
      const reason = cause instanceof Error ? cause.message : (error as Error).name
      this.log?.error(`a GHL webhook could not be recorded (${reason}); answered 429 so GHL retries it`)
      return {
        status: TRY_AGAIN,
        body: { error: 'The webhook could not be recorded right now; GoHighLevel will retry it' },
      }
    }
  }

  private async record(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<GhlWebhookResult> {
    const signature = checkGhlSignature(rawBody, headers, this.keys)
    if (!signature.ok) return this.reject(401, rawBody, signature.reason)
    const body = parseStorableJson(rawBody.toString('utf8'))
    if (!body.ok) return this.reject(400, rawBody, body.error)
    const json = body.value
    const envelope = ghlAppWebhookSchema.safeParse(json)
    if (!envelope.success) return this.reject(400, json, describe(envelope.error.issues))
    const { timestamp, webhookId } = envelope.data
    if (timestamp !== undefined && Date.now() - new Date(timestamp).getTime() > MAX_AGE_MS) {
      return this.reject(401, json, 'timestamp: the webhook is older than 90 minutes')
    }
    const update = opportunityWebhookSchema.safeParse(json)
    if (!update.success) {
      // Another app webhook (OpportunityCreate, INSTALL…): acknowledged, nothing to do.
      const isOpportunityUpdate =
        envelope.data.type.startsWith('Opportunity') && envelope.data.type.endsWith('Update')
      if (isOpportunityUpdate) return this.reject(400, json, describe(update.error.issues))
      return this.done(json, { received: true, ignored: `type ${envelope.data.type}` })
    }
    const client = await findClientByLocationId(this.db, update.data.locationId)
    if (!client) {
      return this.done(json, {
        received: true,
        ignored: `No client is connected to GoHighLevel location ${update.data.locationId}`,
      })
    }
    const outcome = await this.db.transaction(async (tx) => {
      if (webhookId && !(await claimGhlWebhook(tx, webhookId, update.data.type))) {
        return { response: { received: true, duplicate: true }, leadId: null }
      }
      const applied = await this.apply(tx, client.clientId, update.data)
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
  ): Promise<{ response: Record<string, unknown>; leadId: string | null }> {
    const row = await findByOpportunityId(tx, clientId, update.id)
    if (!row)
      return { response: { received: true, ignored: `opportunity ${update.id} is no lead's` }, leadId: null }
    const pipeline = await findPipeline(tx, clientId)
    const lead = await findLead(tx, clientId, row.leadId)
    if (!pipeline?.enabled || !lead) {
      return { response: { received: true, ignored: 'the pipeline is off for this client' }, leadId: null }
    }
    const { pipelineStageId: stageId, status: ghlStatus } = update
    // The hub's own move coming back, or a second webhook of one move: nothing new.
    const isRepeat = row.stageId === stageId && row.ghlStatus === ghlStatus
    if (isRepeat || isEcho(row.recentWrites, stageId, ghlStatus)) {
      return { response: { received: true, unchanged: true }, leadId: null }
    }
    const current = lead.status as LeadStatus
    const inPipeline = !update.pipelineId || update.pipelineId === pipeline.pipelineId
    const next = inPipeline ? leadStatusFromGhl(ghlStatus, stageId, pipeline.stages, current) : null
    const statusChanged = next !== null && next !== current
    await recordGhlState(tx, row.leadId, { stageId, ghlStatus, statusChanged })
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
    return { response: { received: true, status: next }, leadId: row.leadId }
  }

  private async done(payload: unknown, response: Record<string, unknown>): Promise<GhlWebhookResult> {
    await insertWebhookLog(this.db, {
      endpoint: GHL_WEBHOOK_PATH,
      method: 'POST',
      statusCode: 200,
      payload,
      response,
    })
    return { status: 200, body: response }
  }

  private async reject(status: number, payload: unknown, error: string): Promise<GhlWebhookResult> {
    const text = Buffer.isBuffer(payload) ? payload.toString('utf8') : (JSON.stringify(payload) ?? '')
    const stored =
      !Buffer.isBuffer(payload) && text.length <= 10_000
        ? payload
        : {
            raw: storableRawText(text),
            ...(text.length > 10_000 ? { truncated: true, length: text.length } : {}),
          }
    const response = { error }
    await insertWebhookLog(this.db, {
      endpoint: GHL_WEBHOOK_PATH,
      method: 'POST',
      statusCode: status,
      payload: stored,
      response,
      error,
    })
    return { status, body: response }
  }
}

function describe(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const issue = issues[0]
  return `${issue?.path.map(String).join('.') || 'body'}: ${issue?.message ?? 'invalid'}`
}
