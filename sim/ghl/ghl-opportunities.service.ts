import { z } from 'zod'
import { badRequest } from './ghl-errors.ts'
import { ghlId } from './ghl-ids.ts'
import type { GhlContext } from './ghl-route.guard.ts'
import { ControlError } from './ghl-seed.service.ts'
import {
  type GhlOpportunity,
  type GhlPipeline,
  OPPORTUNITY_STATUSES,
  type OpportunityStatus,
} from './ghl-store.ts'
import type { WebhookDelivery } from './ghl-webhook.emitter.ts'

/** GHL's answer to a second open opportunity of a contact in one pipeline (docs/providers/ghl.md §11). */
export const DUPLICATE_OPPORTUNITY_MESSAGE = 'Can not create duplicate opportunity for the contact.'

export const pipelineInput = z.strictObject({
  id: z.string().min(1).optional(),
  name: z.string().min(1),
  stages: z
    .array(z.union([z.string().min(1), z.strictObject({ id: z.string().min(1), name: z.string().min(1) })]))
    .min(1),
})
export type PipelineInput = z.infer<typeof pipelineInput>

/** What a GHL user does to an opportunity on the board: drag it to a stage, mark it won/lost. */
export const opportunityMoveInput = z.strictObject({
  pipelineStageId: z.string().min(1).optional(),
  status: z.enum(OPPORTUNITY_STATUSES).optional(),
})
export type OpportunityMoveInput = z.infer<typeof opportunityMoveInput>

export interface OpportunityChange {
  pipelineStageId?: string
  status?: OpportunityStatus
  pipelineId?: string
  name?: string
  monetaryValue?: number
  assignedTo?: string
}

/** Pipelines and opportunities of the simulated locations, and the app webhooks their changes send. */
export class GhlOpportunitiesService {
  constructor(private readonly ctx: GhlContext) {}

  addPipeline(locationId: string, input: PipelineInput): GhlPipeline {
    if (!this.ctx.store.locations.has(locationId))
      throw new ControlError(404, `location ${locationId} not found`)
    const id = input.id ?? ghlId()
    if (this.ctx.store.pipelines.has(id)) throw new ControlError(400, `id: pipeline ${id} already exists`)
    const pipeline: GhlPipeline = {
      id,
      name: input.name,
      locationId,
      stages: input.stages.map((stage, position) =>
        typeof stage === 'string' ? { id: ghlId(), name: stage, position } : { ...stage, position },
      ),
    }
    this.ctx.store.pipelines.set(id, pipeline)
    return pipeline
  }

  /** The create of docs/providers/ghl.md §11, with the duplicate-opportunity rule. */
  create(input: {
    locationId: string
    pipelineId: string
    pipelineStageId?: string
    contactId: string
    name: string
    status: OpportunityStatus
    monetaryValue?: number
    source?: string
    assignedTo?: string
  }): GhlOpportunity {
    const pipeline = this.pipelineOf(input.locationId, input.pipelineId)
    const contact = this.ctx.store.contacts.get(input.contactId)
    if (!contact || contact.locationId !== input.locationId) throw badRequest('Contact not found')
    const stageId = input.pipelineStageId ?? pipeline.stages[0]?.id ?? ''
    if (!pipeline.stages.some((s) => s.id === stageId)) throw badRequest('Pipeline stage not found')
    const location = this.ctx.store.locations.get(input.locationId)
    const duplicate = this.ctx.store
      .opportunitiesOf(input.locationId)
      .some((o) => o.contactId === input.contactId && o.pipelineId === pipeline.id && o.status === 'open')
    if (duplicate && !location?.allowDuplicateOpportunity) throw badRequest(DUPLICATE_OPPORTUNITY_MESSAGE)
    const now = this.ctx.clock.iso()
    const opportunity: GhlOpportunity = {
      id: ghlId(),
      locationId: input.locationId,
      pipelineId: pipeline.id,
      pipelineStageId: stageId,
      contactId: input.contactId,
      name: input.name,
      status: input.status,
      monetaryValue: input.monetaryValue ?? 0,
      source: input.source ?? null,
      assignedTo: input.assignedTo ?? null,
      lastStatusChangeAt: now,
      lastStageChangeAt: now,
      createdAt: now,
      updatedAt: now,
    }
    this.ctx.store.opportunities.set(opportunity.id, opportunity)
    void this.notify('OpportunityCreate', opportunity)
    return opportunity
  }

  /**
   * Applies a change and sends OpportunityStageUpdate and/or OpportunityStatusUpdate for what
   * changed — also for the app's own API writes (docs/providers/ghl.md §11 "expect the echo").
   * Changes at once (a bad stage throws before anything changes); the promise is the webhooks'
   * first attempts, which a GHL API answer does not wait for.
   */
  update(opportunity: GhlOpportunity, change: OpportunityChange): Promise<WebhookDelivery[]> {
    const pipelineId = change.pipelineId ?? opportunity.pipelineId
    const pipeline = this.pipelineOf(opportunity.locationId, pipelineId)
    const stageId =
      change.pipelineStageId ??
      (pipelineId === opportunity.pipelineId ? opportunity.pipelineStageId : pipeline.stages[0]?.id)
    if (!stageId || !pipeline.stages.some((s) => s.id === stageId))
      throw badRequest('Pipeline stage not found')
    const now = this.ctx.clock.iso()
    const stageChanged = stageId !== opportunity.pipelineStageId || pipelineId !== opportunity.pipelineId
    const statusChanged = change.status !== undefined && change.status !== opportunity.status
    opportunity.pipelineId = pipelineId
    opportunity.pipelineStageId = stageId
    if (change.status) opportunity.status = change.status
    if (change.name !== undefined) opportunity.name = change.name
    if (change.monetaryValue !== undefined) opportunity.monetaryValue = change.monetaryValue
    if (change.assignedTo !== undefined) opportunity.assignedTo = change.assignedTo
    if (stageChanged) opportunity.lastStageChangeAt = now
    if (statusChanged) opportunity.lastStatusChangeAt = now
    opportunity.updatedAt = now
    const sent: Array<Promise<WebhookDelivery | null>> = []
    if (stageChanged) sent.push(this.notify('OpportunityStageUpdate', opportunity))
    if (statusChanged) sent.push(this.notify('OpportunityStatusUpdate', opportunity))
    return Promise.all(sent).then((all) => all.filter((d): d is WebhookDelivery => d !== null))
  }

  pipelineOf(locationId: string, pipelineId: string): GhlPipeline {
    const pipeline = this.ctx.store.pipelines.get(pipelineId)
    if (!pipeline || pipeline.locationId !== locationId) throw badRequest('Pipeline not found')
    return pipeline
  }

  /** Null when no app webhook URL is set: GHL has nowhere to send it. */
  private async notify(type: string, opportunity: GhlOpportunity): Promise<WebhookDelivery | null> {
    const url = this.ctx.config.appWebhookUrl
    if (!url) return null
    return this.ctx.webhooks.send(type, url, opportunityWebhook(type, opportunity, this.ctx.clock.iso()))
  }
}

/** docs/providers/ghl.md §11 webhook body, with §10's `webhookId` and `timestamp`. */
export function opportunityWebhook(type: string, o: GhlOpportunity, timestamp: string) {
  return {
    type,
    locationId: o.locationId,
    id: o.id,
    contactId: o.contactId,
    pipelineId: o.pipelineId,
    pipelineStageId: o.pipelineStageId,
    status: o.status,
    name: o.name,
    monetaryValue: o.monetaryValue,
    source: o.source,
    assignedTo: o.assignedTo,
    dateAdded: o.createdAt,
    webhookId: crypto.randomUUID(),
    timestamp,
  }
}
