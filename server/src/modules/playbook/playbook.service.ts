import { type Playbook, type PlaybookSummary, summarizePlaybook } from '@common/playbook.ts'
import type { DB } from '../../db/database.ts'
import { type ChangePort, NO_CHANGES } from '../../engine/changes/change-port.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { recordAudit } from '../../repositories/audit.repository.ts'
import { findClient } from '../../repositories/clients.repository.ts'
import { findPlaybook, listSavedPlaybooks, savePlaybook } from '../../repositories/playbooks.repository.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { assertClientVisible, visibleClientIds } from '../clients/client-scope.ts'
import { actorOf } from '../users/users.service.ts'

/** A client's response playbook (docs/spec/product.md §9.2): read and replaced whole, audited. */
export class PlaybookService {
  constructor(
    private readonly db: DB,
    /** Open client lists show the new on/off, open Response pages the new playbook. */
    private readonly changes: ChangePort = NO_CHANGES,
  ) {}

  async get(session: AuthenticatedSession, clientId: string): Promise<Playbook> {
    await this.visibleClient(session, clientId)
    return findPlaybook(this.db, clientId)
  }

  /** Whether automation is on, per visible client that saved a playbook (the rest have the defaults: off). */
  async summaries(session: AuthenticatedSession): Promise<PlaybookSummary[]> {
    const saved = await listSavedPlaybooks(this.db, await visibleClientIds(this.db, session))
    return saved.map(({ clientId, playbook }) => summarizePlaybook(clientId, playbook))
  }

  async put(session: AuthenticatedSession, clientId: string, playbook: Playbook): Promise<Playbook> {
    await this.visibleClient(session, clientId)
    const before = await findPlaybook(this.db, clientId)
    await this.db.transaction(async (tx) => {
      await savePlaybook(tx, clientId, playbook)
      await recordAudit(tx, actorOf(session), {
        action: 'client.playbook_updated',
        entityType: 'client',
        entityId: clientId,
        before,
        after: playbook,
      })
    })
    this.changes.announce({ topic: 'clients', clientId })
    return playbook
  }

  private async visibleClient(session: AuthenticatedSession, clientId: string): Promise<void> {
    await assertClientVisible(this.db, session, clientId)
    if (!(await findClient(this.db, clientId))) throw new NotFoundError(`Client ${clientId} not found`)
  }
}
