import type { ContactSyncStatus } from '@common/contacts.ts'
import type { ImportStarted, ImportStatus } from '@common/imports.ts'
import type { DB } from '../../db/database.ts'
import { contactSync } from '../../engine/jobs/contact-sync.job.ts'
import type { JobDeps } from '../../engine/jobs/job-definition.ts'
import { leadImport } from '../../engine/jobs/lead-import.job.ts'
import { recordAudit } from '../../repositories/audit.repository.ts'
import { type ContactSyncRow, findContactSync } from '../../repositories/contact-syncs.repository.ts'
import { findLeadImport } from '../../repositories/lead-imports.repository.ts'
import { countLeadsOfClient } from '../../repositories/leads.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { assertClientVisible } from '../clients/client-scope.ts'
import { actorOf } from '../users/users.service.ts'

/** The operators' engine actions: historical import, its progress, the contact sync (docs/spec/dashboard-spec.md §2.6, §7). */
export class EngineService {
  constructor(
    private readonly db: DB,
    /** What the engine's jobs are built with: the import and the contact sync start here. */
    private readonly jobDeps: JobDeps,
  ) {}

  async startImport(session: AuthenticatedSession, clientId: string): Promise<ImportStarted> {
    await assertClientVisible(this.db, session, clientId)
    const started = await leadImport(this.jobDeps).start(clientId)
    await recordAudit(this.db, actorOf(session), {
      action: 'client.import_started',
      entityType: 'client',
      entityId: clientId,
    })
    return started
  }

  async importStatus(session: AuthenticatedSession, clientId: string): Promise<ImportStatus> {
    await assertClientVisible(this.db, session, clientId)
    const progress = await findLeadImport(this.db, clientId)
    const storedLeads = await countLeadsOfClient(this.db, clientId)
    return {
      status: progress?.status ?? 'never',
      businessId: progress?.businessId ?? null,
      leadsFound: progress?.leadsFound ?? 0,
      leadsQueued: progress?.leadsQueued ?? 0,
      storedLeads,
      error: progress?.error ?? null,
      startedAt: progress?.startedAt.toISOString() ?? null,
      finishedAt: progress?.finishedAt?.toISOString() ?? null,
    }
  }

  /** Starts the client's contact sync, or answers the one running (a second click adds nothing). */
  async startContactSync(session: AuthenticatedSession, clientId: string): Promise<ContactSyncStatus> {
    await assertClientVisible(this.db, session, clientId)
    const { started, sync } = await contactSync(this.jobDeps).start(clientId)
    if (started) {
      await recordAudit(this.db, actorOf(session), {
        action: 'client.contacts_sync_started',
        entityType: 'client',
        entityId: clientId,
      })
    }
    return contactSyncView(sync)
  }

  async contactSyncStatus(session: AuthenticatedSession, clientId: string): Promise<ContactSyncStatus> {
    await assertClientVisible(this.db, session, clientId)
    const sync = await findContactSync(this.db, clientId)
    return sync ? contactSyncView(sync) : NEVER_SYNCED
  }
}

const NEVER_SYNCED: ContactSyncStatus = {
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

function contactSyncView(row: ContactSyncRow): ContactSyncStatus {
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
