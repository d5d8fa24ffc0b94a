import type { ContactSyncResult } from '@common/contacts.ts'
import type { ImportStarted, ImportStatus } from '@common/imports.ts'
import type { DB } from '../../db/database.ts'
import type { Engine } from '../../engine/engine.ts'
import { QUEUES } from '../../engine/queue/queues.ts'
import { recordAudit } from '../../repositories/audit.repository.ts'
import { findLeadImport } from '../../repositories/lead-imports.repository.ts'
import { countLeadsOfClient } from '../../repositories/leads.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { assertClientVisible } from '../clients/client-scope.ts'
import { actorOf } from '../users/users.service.ts'

/** The operators' engine actions: historical import, its progress, the contact sync (docs/spec/dashboard-spec.md §2.6, §7). */
export class EngineService {
  constructor(
    private readonly db: DB,
    private readonly engine: Engine,
  ) {}

  async startImport(session: AuthenticatedSession, clientId: string): Promise<ImportStarted> {
    await assertClientVisible(this.db, session, clientId)
    const started = await this.engine.imports.start(clientId)
    this.engine.wake(QUEUES.leadImport)
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

  async syncContacts(session: AuthenticatedSession, clientId: string): Promise<ContactSyncResult> {
    await assertClientVisible(this.db, session, clientId)
    const result = await this.engine.contactSync.run(clientId)
    await recordAudit(this.db, actorOf(session), {
      action: 'client.contacts_synced',
      entityType: 'client',
      entityId: clientId,
      after: { success: result.success, errors: result.errors },
    })
    return result
  }
}
