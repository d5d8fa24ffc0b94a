import { LEAD_STATUSES } from '@common/leads.ts'
import {
  type GhlPipelineView,
  type OpportunitySyncStatus,
  PIPELINE_RECONNECT_MESSAGE,
  type PipelineAnswer,
  type PipelineSettings,
} from '@common/pipeline.ts'
import type { DB } from '../../db/database.ts'
import { isGhlConnected, locationOf } from '../../engine/ghl-contact/contact-link.ts'
import { startOpportunityBackfill } from '../../engine/jobs/opportunity-backfill.job.ts'
import type { OpportunitiesPort } from '../../engine/pipeline/opportunities.port.ts'
import { hasPipelineScopes } from '../../engine/pipeline/pipeline-rules.ts'
import type { JobQueue } from '../../engine/queue/job-queue.ts'
import { PermanentProviderError, TransientProviderError } from '../../integrations/http/provider-errors.ts'
import { NeedsReauthError, NotConnectedError } from '../../integrations/oauth/token-manager.ts'
import { ConflictError, ExternalServiceError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import { recordAudit } from '../../repositories/audit.repository.ts'
import { findGhlConnection, type GhlConnection } from '../../repositories/connections.repository.ts'
import {
  findOpportunitySync,
  type OpportunitySyncRow,
} from '../../repositories/opportunity-syncs.repository.ts'
import { findPipeline, savePipeline } from '../../repositories/pipelines.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { assertClientVisible } from '../clients/client-scope.ts'
import { actorOf } from '../users/users.service.ts'

export interface PipelineServiceDeps {
  db: DB
  ghl: Pick<OpportunitiesPort, 'listPipelines'>
  jobs: JobQueue
}

/**
 * The GHL pipeline step of Integration Setup (docs/spec/product.md §9.4): the location's pipelines
 * read from GHL, the client's status → stage mapping validated against them, and the backfill of
 * the stored leads' opportunities.
 */
export class PipelineService {
  constructor(private readonly deps: PipelineServiceDeps) {}

  async pipelines(session: AuthenticatedSession, clientId: string): Promise<GhlPipelineView[]> {
    const client = await this.readyClient(session, clientId)
    return this.readPipelines(client)
  }

  async get(session: AuthenticatedSession, clientId: string): Promise<PipelineAnswer> {
    await this.visibleClient(session, clientId)
    const row = await findPipeline(this.deps.db, clientId)
    if (!row)
      return {
        enabled: false,
        pipelineId: null,
        stages: { new: null, contacted: null, converted: null, closed: null },
      }
    return { enabled: row.enabled, pipelineId: row.pipelineId, stages: row.stages }
  }

  /** An unknown pipeline, or a stage not of that pipeline, is a 400 naming it (§9.7 "Pipeline"). */
  async save(
    session: AuthenticatedSession,
    clientId: string,
    body: PipelineSettings,
  ): Promise<PipelineSettings> {
    const client = await this.readyClient(session, clientId)
    const pipelines = await this.readPipelines(client)
    const pipeline = pipelines.find((p) => p.id === body.pipelineId)
    if (!pipeline) {
      throw new ValidationError(
        `pipelineId: pipeline ${body.pipelineId} is not a pipeline of the GoHighLevel location`,
      )
    }
    const stageIds = new Set(pipeline.stages.map((s) => s.id))
    for (const status of LEAD_STATUSES) {
      const stageId = body.stages[status]
      if (!stageIds.has(stageId))
        throw new ValidationError(
          `stages.${status}: stage ${stageId} is not a stage of pipeline ${pipeline.name}`,
        )
    }
    const before = await findPipeline(this.deps.db, clientId)
    const saved = await savePipeline(this.deps.db, clientId, body)
    await recordAudit(this.deps.db, actorOf(session), {
      action: 'client.pipeline_saved',
      entityType: 'client',
      entityId: clientId,
      before: before
        ? { enabled: before.enabled, pipelineId: before.pipelineId, stages: before.stages }
        : null,
      after: { enabled: saved.enabled, pipelineId: saved.pipelineId, stages: saved.stages },
    })
    return { enabled: saved.enabled, pipelineId: saved.pipelineId, stages: saved.stages }
  }

  /** Queues the backfill, or answers the one running: a second click never starts a second one. */
  async startBackfill(session: AuthenticatedSession, clientId: string): Promise<OpportunitySyncStatus> {
    await this.readyClient(session, clientId)
    const { started, sync } = await startOpportunityBackfill(this.deps, clientId)
    if (started) {
      await recordAudit(this.deps.db, actorOf(session), {
        action: 'client.opportunities_backfill_started',
        entityType: 'client',
        entityId: clientId,
      })
    }
    return syncView(sync)
  }

  async backfillStatus(session: AuthenticatedSession, clientId: string): Promise<OpportunitySyncStatus> {
    await this.visibleClient(session, clientId)
    const row = await findOpportunitySync(this.deps.db, clientId)
    return row ? syncView(row) : NEVER
  }

  private async visibleClient(session: AuthenticatedSession, clientId: string): Promise<GhlConnection> {
    await assertClientVisible(this.deps.db, session, clientId)
    const client = await findGhlConnection(this.deps.db, clientId)
    if (!client) throw new NotFoundError(`Client ${clientId} not found`)
    return client
  }

  /** Connected to GHL with the pipeline's scopes; else a 409 saying what to do. */
  private async readyClient(session: AuthenticatedSession, clientId: string): Promise<GhlConnection> {
    const client = await this.visibleClient(session, clientId)
    if (!isGhlConnected(client)) throw new ConflictError(`Client ${clientId}: connect GoHighLevel first`)
    if (!hasPipelineScopes(client)) throw new ConflictError(PIPELINE_RECONNECT_MESSAGE)
    return client
  }

  private async readPipelines(client: GhlConnection): Promise<GhlPipelineView[]> {
    try {
      const pipelines = await this.deps.ghl.listPipelines(client.clientId, locationOf(client))
      return pipelines.map((p) => ({
        id: p.id,
        name: p.name,
        stages: [...p.stages]
          .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
          .map((s) => ({ id: s.id, name: s.name })),
      }))
    } catch (error) {
      // A grant GHL no longer honours for opportunities: the owner connects again.
      if (error instanceof PermanentProviderError && error.status === 401)
        throw new ConflictError(PIPELINE_RECONNECT_MESSAGE)
      if (error instanceof NeedsReauthError || error instanceof NotConnectedError)
        throw new ConflictError(`Client ${client.clientId}: ${error.message}`)
      if (error instanceof PermanentProviderError || error instanceof TransientProviderError)
        throw new ExternalServiceError(error.message)
      throw error
    }
  }
}

const NEVER: OpportunitySyncStatus = {
  status: 'never',
  leadsTotal: 0,
  leadsDone: 0,
  success: 0,
  errors: 0,
  failures: [],
  error: null,
  startedAt: null,
  finishedAt: null,
}

function syncView(row: OpportunitySyncRow): OpportunitySyncStatus {
  return {
    status: row.status,
    leadsTotal: row.leadsTotal,
    leadsDone: row.leadsDone,
    success: row.success,
    errors: row.errors,
    failures: row.failures,
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}
