import { LEAD_STATUSES, type LeadStatus } from '@common/leads.ts'
import type { PipelineStages } from '@common/pipeline.ts'
import type { DB } from '../../db/database.ts'
import type { GhlOpportunity } from '../../integrations/ghl/ghl-opportunities.schemas.ts'
import { NeedsReauthError } from '../../integrations/oauth/token-manager.ts'
import { findGhlConnection, type GhlConnection } from '../../repositories/connections.repository.ts'
import { findContactMapping } from '../../repositories/ghl-contacts.repository.ts'
import {
  findLeadOpportunity,
  type LeadOpportunityRow,
  linkOpportunity,
  markSynced,
  recordHubWrite,
  rememberHubWrite,
} from '../../repositories/lead-opportunities.repository.ts'
import { findLead, type LeadRow } from '../../repositories/leads.repository.ts'
import { findPipeline, type PipelineRow } from '../../repositories/pipelines.repository.ts'
import { isGhlConnected, locationOf } from '../lead-sync/lead-sync.handler.ts'
import { withLeadLease } from '../queue/lead-lease.ts'
import type { OpportunitiesPort } from './opportunities.port.ts'
import { hasPipelineScopes, opportunityStateFor } from './pipeline-rules.ts'

/** How long a run waits for another run of the same lead before it is retried. */
const LEAD_WAIT_MS = 20_000
/** A status changed while its move was on the wire is sent next, in the same run, this many times at most. */
const MAX_ROUNDS = 3

export interface OpportunityJob {
  clientId: string
  leadId: string
  /** The status change that queued it, for the logs; the run always sends the newest status. */
  version?: number
}

export type OpportunityOutcome =
  | { skipped: string }
  | { opportunityId: string; created: boolean; moves: number }

/**
 * One opportunity per lead, at the stage of its status (docs/spec/product.md §9.4). A run finds or
 * creates the lead's opportunity, then moves it to the stage and status of the lead's newest
 * status, one run per lead at a time. Exactly once across retries, crashes and processes: the
 * id is stored as soon as it is known, and before creating, the contact's opportunities in the
 * pipeline are searched (a create GHL did while the hub died, or answered 503 to); GHL's duplicate
 * 400 is that same answer (docs/providers/ghl.md §11).
 */
export class OpportunitySync {
  constructor(
    private readonly db: DB,
    private readonly ghl: OpportunitiesPort,
  ) {}

  async run(job: OpportunityJob): Promise<OpportunityOutcome> {
    const outcome = await withLeadLease(
      this.db,
      `opportunity:${job.clientId}:${job.leadId}`,
      () => this.sync(job.clientId, job.leadId),
      { waitMs: LEAD_WAIT_MS },
    )
    // Thrown, so the queue retries it with backoff.
    if (!outcome.ran)
      throw new Error(`The opportunity of lead ${job.leadId} is being synced; this run retries`)
    return outcome.result
  }

  private async sync(clientId: string, leadId: string): Promise<OpportunityOutcome> {
    const client = await findGhlConnection(this.db, clientId)
    if (!client) return { skipped: 'client deleted' }
    const pipeline = await findPipeline(this.db, clientId)
    if (!pipeline?.enabled) return { skipped: 'the pipeline is off for this client' }
    if (!isGhlConnected(client)) {
      if (client.needsReauth)
        throw new NeedsReauthError(
          'ghl',
          `The GoHighLevel connection of client ${clientId} needs to be authorized again`,
        )
      return { skipped: 'GoHighLevel is not connected' }
    }
    if (!hasPipelineScopes(client)) return { skipped: 'reconnect GHL to enable the pipeline' }
    const mapping = await findContactMapping(this.db, clientId, leadId)
    // The lead sync queues this job again once the contact exists.
    if (!mapping) return { skipped: 'the lead has no GHL contact yet' }
    const locationId = locationOf(client)
    let row = await findLeadOpportunity(this.db, leadId)
    let created = false
    if (!row?.opportunityId || row.pipelineId !== pipeline.pipelineId) {
      const found = await this.findOrCreate(client, pipeline, leadId, mapping.ghlContactId, locationId)
      created = found.created
      await linkOpportunity(this.db, {
        clientId,
        leadId,
        opportunityId: found.opportunity.id,
        pipelineId: pipeline.pipelineId,
        locationId,
        stageId: found.opportunity.pipelineStageId ?? null,
        ghlStatus: found.opportunity.status ?? null,
      })
      row = await findLeadOpportunity(this.db, leadId)
    }
    const opportunityId = row?.opportunityId
    if (!row || !opportunityId) throw new Error(`The opportunity of lead ${leadId} was not stored`)
    const moves = await this.follow(clientId, leadId, locationId, opportunityId, pipeline.stages)
    return { opportunityId, created, moves }
  }

  /**
   * Moves the opportunity to the lead's newest status until GHL holds it. A status changed while a
   * move was on the wire (in the inbox, or by GHL's own webhook) is sent next: the newest wins.
   */
  private async follow(
    clientId: string,
    leadId: string,
    locationId: string,
    opportunityId: string,
    stages: PipelineStages,
  ): Promise<number> {
    let moves = 0
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const lead = await findLead(this.db, clientId, leadId)
      const row = await findLeadOpportunity(this.db, leadId)
      if (!lead || !row) return moves
      const version = row.statusVersion
      const wanted = opportunityStateFor(statusOf(lead), stages)
      if (isAt(row, wanted)) {
        await markSynced(this.db, leadId, version)
        return moves
      }
      await rememberHubWrite(this.db, leadId, wanted)
      await this.ghl.move(clientId, locationId, opportunityId, {
        pipelineStageId: wanted.stageId,
        status: wanted.status,
      })
      await recordHubWrite(this.db, leadId, { ...wanted, version })
      moves += 1
    }
    return moves
  }

  private async findOrCreate(
    client: GhlConnection,
    pipeline: PipelineRow,
    leadId: string,
    contactId: string,
    locationId: string,
  ): Promise<{ opportunity: GhlOpportunity; created: boolean }> {
    const clientId = client.clientId
    const existing = await this.findExisting(clientId, locationId, contactId, pipeline.pipelineId)
    if (existing) return { opportunity: existing, created: false }
    const lead = await findLead(this.db, clientId, leadId)
    const answer = await this.ghl.create(clientId, locationId, {
      pipelineId: pipeline.pipelineId,
      pipelineStageId: pipeline.stages.new,
      contactId,
      name: opportunityName(lead),
      status: 'open',
      source: 'Yelp',
    })
    if (answer.created) return { opportunity: answer.opportunity, created: true }
    // GHL's duplicate 400: the contact has one in this pipeline already; it is the lead's.
    const duplicate = await this.findExisting(clientId, locationId, contactId, pipeline.pipelineId)
    if (!duplicate)
      throw new Error(`GoHighLevel refused a duplicate opportunity for contact ${contactId} but lists none`)
    return { opportunity: duplicate, created: false }
  }

  /** An open one first: GHL's duplicate rule is about open opportunities. */
  private async findExisting(clientId: string, locationId: string, contactId: string, pipelineId: string) {
    const found = await this.ghl.findByContact(clientId, locationId, contactId, pipelineId)
    return found.find((o) => o.status === 'open') ?? found[0] ?? null
  }
}

function isAt(row: LeadOpportunityRow, wanted: { stageId: string; status: string }): boolean {
  return row.stageId === wanted.stageId && row.ghlStatus === wanted.status
}

function statusOf(lead: LeadRow): LeadStatus {
  return (LEAD_STATUSES as readonly string[]).includes(lead.status) ? (lead.status as LeadStatus) : 'new'
}

/** docs/spec/product.md §9.4: "<lead name> – <job>". */
export function opportunityName(lead: LeadRow | null): string {
  const name = lead?.userDisplayName?.trim() || 'Yelp lead'
  const jobs = (lead?.projectData as { job_names?: unknown } | null)?.job_names
  const job = Array.isArray(jobs) && typeof jobs[0] === 'string' ? jobs[0] : null
  return job ? `${name} – ${job}` : name
}
