import { LEAD_STATUSES, type LeadStatus } from '@common/leads.ts'
import { opportunityStatusFor, type PipelineStages } from '@common/pipeline.ts'
import type { GhlConnection } from '../../repositories/connections.repository.ts'
import type { HubWrite } from '../../repositories/lead-opportunities.repository.ts'
import { PIPELINE_SCOPES } from './opportunities.port.ts'

/** How long a move the hub made may come back as GHL's webhook (the echo, docs/decisions/0023). */
export const ECHO_WINDOW_MS = 10 * 60_000

/** Where a lead of this status belongs in GHL (docs/spec/product.md §9.4). */
export function opportunityStateFor(status: LeadStatus, stages: PipelineStages) {
  return { stageId: stages[status], status: opportunityStatusFor(status) }
}

/**
 * The lead status a GHL stage or status means (PRODUCT.md §9.7 "Pipeline"): won → converted, lost
 * or abandoned → closed, whatever the stage; an open opportunity takes the status mapped to its
 * stage, any of the four (people drag a card to the lost stage and leave its status open), unless
 * that stage maps to no status or to the lead's status already. Null: leave the lead's status alone.
 */
export function leadStatusFromGhl(
  ghlStatus: string,
  stageId: string,
  stages: PipelineStages,
  current: LeadStatus,
): LeadStatus | null {
  if (ghlStatus === 'won') return 'converted'
  if (ghlStatus === 'lost' || ghlStatus === 'abandoned') return 'closed'
  if (ghlStatus !== 'open') return null
  const mapped = LEAD_STATUSES.filter((status) => stages[status] === stageId)
  if (mapped.length === 0 || mapped.includes(current)) return null
  // A stage shared by several statuses: an open one first (the opportunity is still open).
  return mapped.find((status) => opportunityStatusFor(status) === 'open') ?? mapped[0] ?? null
}

/** A webhook repeating one of the hub's own recent moves (GHL sends them for the app's writes too). */
export function isEcho(
  writes: readonly HubWrite[],
  stageId: string,
  status: string,
  now = Date.now(),
): boolean {
  return writes.some(
    (w) => w.stageId === stageId && w.status === status && now - Date.parse(w.at) <= ECHO_WINDOW_MS,
  )
}

/**
 * Whether the client's GHL connection was granted the pipeline's scopes. A connection made before
 * the hub asked for them (docs/providers/ghl.md §11) must be connected again.
 */
export function hasPipelineScopes(ghl: Pick<GhlConnection, 'scope'>): boolean {
  const granted = new Set((ghl.scope ?? '').split(/\s+/).filter(Boolean))
  return PIPELINE_SCOPES.every((scope) => granted.has(scope))
}
