import { LEAD_STATUSES, type LeadStatus } from '@common/leads.ts'
import type { PipelineStages } from '@common/pipeline.ts'
import type { DB } from '../../db/database.ts'
import { NeedsReauthError } from '../../integrations/oauth/token-manager.ts'
import { findGhlConnection, type GhlConnection } from '../../repositories/connections.repository.ts'
import { findContactMapping } from '../../repositories/ghl-contacts.repository.ts'
import {
  findLeadOpportunity,
  type LeadOpportunityRow,
  linkOpportunity,
  markSynced,
  opportunitiesOwnedByOthers,
  recordHubWrite,
  recordOpportunityRefusal,
  rememberHubWrite,
} from '../../repositories/lead-opportunities.repository.ts'
import { findLead, type LeadRow } from '../../repositories/leads.repository.ts'
import { findPipeline, type PipelineRow } from '../../repositories/pipelines.repository.ts'
import { isGhlConnected, locationOf } from '../ghl-contact/contact-link.ts'
import { withLeadLease } from '../queue/lead-lease.ts'
import type { OpportunitiesPort, Opportunity } from './opportunities.port.ts'
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

/** What the lead's details say when GHL refuses it an opportunity (PRODUCT.md §9.7 "Pipeline"). */
export const OPPORTUNITY_REFUSED =
  'GoHighLevel refused a second open opportunity for this contact (another lead of the contact has one open); close that one in GHL, or allow duplicate opportunities in the location, and sync again'

type Linked =
  | { opportunity: Opportunity; created: boolean; version: number | null }
  | { refused: string }
  | { taken: true }

/**
 * One opportunity per lead, at the stage of its status (docs/spec/product.md §9.4, PRODUCT.md §9.7
 * "Pipeline"). A run links the lead's own opportunity — an open one in the pipeline no lead owns
 * (made by hand, or created by a run that died before storing it) is adopted as it is; a won/lost
 * one or another lead's is never taken — or creates one; then it moves it to the stage and status
 * of each newer status of the lead, one run per lead at a time. GHL's refusal of a second open
 * opportunity for the contact is stored on the lead, which then has none.
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
      // One contact's leads one at a time: two of them must not adopt or create the same one.
      const outcome = await withLeadLease(
        this.db,
        `opportunity-contact:${clientId}:${mapping.ghlContactId}`,
        () => this.link(client, pipeline, leadId, mapping.ghlContactId, locationId),
        { waitMs: LEAD_WAIT_MS },
      )
      if (!outcome.ran)
        throw new Error(`Another lead of contact ${mapping.ghlContactId} is being linked; this run retries`)
      const linked = outcome.result
      if ('refused' in linked) return { skipped: linked.refused }
      if ('taken' in linked)
        throw new Error(`The opportunity found for lead ${leadId} became another lead's; this run retries`)
      created = linked.created
      row = await findLeadOpportunity(this.db, leadId)
    }
    const opportunityId = row?.opportunityId
    if (!row || !opportunityId) throw new Error(`The opportunity of lead ${leadId} was not stored`)
    const moves = await this.follow(clientId, leadId, locationId, opportunityId, pipeline.stages, created)
    return { opportunityId, created, moves }
  }

  /** Finds (or creates) the lead's opportunity and stores it; or stores GHL's refusal. */
  private async link(
    client: GhlConnection,
    pipeline: PipelineRow,
    leadId: string,
    contactId: string,
    locationId: string,
  ): Promise<Linked> {
    const clientId = client.clientId
    const found = await this.findOrCreate(client, pipeline, leadId, contactId, locationId)
    if ('refused' in found) {
      await recordOpportunityRefusal(this.db, clientId, leadId, found.refused)
      return found
    }
    const stored = await linkOpportunity(this.db, {
      clientId,
      leadId,
      opportunityId: found.opportunity.id,
      pipelineId: pipeline.pipelineId,
      locationId,
      stageId: found.opportunity.pipelineStageId ?? null,
      ghlStatus: found.opportunity.status ?? null,
      syncedVersion: found.version ?? undefined,
    })
    return stored ? found : { taken: true }
  }

  /**
   * Moves the opportunity to the lead's status while the hub owes GHL a status change (a status
   * changed in the hub after GHL last heard of one). A status changed while a move was on the
   * wire (in the inbox, or by GHL's own webhook) is sent next: the newest wins. A state GHL set
   * itself (a webhook, an adopted opportunity) is never written back.
   */
  private async follow(
    clientId: string,
    leadId: string,
    locationId: string,
    opportunityId: string,
    stages: PipelineStages,
    /** Just created: its stage and status are the hub's to set whatever the versions say. */
    created: boolean,
  ): Promise<number> {
    let moves = 0
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const lead = await findLead(this.db, clientId, leadId)
      const row = await findLeadOpportunity(this.db, leadId)
      if (!lead || !row) return moves
      const version = row.statusVersion
      if (row.syncedVersion >= version && !(created && round === 0)) return moves
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

  /**
   * An open opportunity of the contact in the pipeline that no other lead owns, else a new one at
   * the stage of the lead's status (open: a won or lost status follows as a move, so a run that
   * dies before storing it finds it open and adopts it). GHL's duplicate 400 means the contact has
   * an open one: adopted when no lead owns it (a search lagging behind the create), else refused.
   */
  private async findOrCreate(
    client: GhlConnection,
    pipeline: PipelineRow,
    leadId: string,
    contactId: string,
    locationId: string,
  ): Promise<{ opportunity: Opportunity; created: boolean; version: number | null } | { refused: string }> {
    const clientId = client.clientId
    const before = await findLeadOpportunity(this.db, leadId)
    const version = before?.statusVersion ?? 0
    const adoptable = await this.findAdoptable(clientId, leadId, locationId, contactId, pipeline.pipelineId)
    if (adoptable) return { opportunity: adoptable, created: false, version }
    const lead = await findLead(this.db, clientId, leadId)
    const stageId = lead ? opportunityStateFor(statusOf(lead), pipeline.stages).stageId : pipeline.stages.new
    const answer = await this.ghl.create(clientId, locationId, {
      pipelineId: pipeline.pipelineId,
      pipelineStageId: stageId,
      contactId,
      name: opportunityName(lead),
      status: 'open',
      source: 'Yelp',
    })
    // Created open at the stage: a won or lost status follows as a move.
    if (answer.created) return { opportunity: answer.opportunity, created: true, version: null }
    const lagging = await this.findAdoptable(clientId, leadId, locationId, contactId, pipeline.pipelineId)
    if (lagging) return { opportunity: lagging, created: false, version }
    return { refused: OPPORTUNITY_REFUSED }
  }

  private async findAdoptable(
    clientId: string,
    leadId: string,
    locationId: string,
    contactId: string,
    pipelineId: string,
  ): Promise<Opportunity | null> {
    const found = await this.ghl.findByContact(clientId, locationId, contactId, pipelineId)
    const open = found.filter((o) => o.status === 'open' && (!o.pipelineId || o.pipelineId === pipelineId))
    const owned = await opportunitiesOwnedByOthers(
      this.db,
      clientId,
      leadId,
      open.map((o) => o.id),
    )
    return open.find((o) => !owned.has(o.id)) ?? null
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
