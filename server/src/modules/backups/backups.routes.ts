import type { BackupEntry, BackupResult } from '@common/settings.ts'
import type { FastifyInstance } from 'fastify'
import type { BackupsService } from './backups.service.ts'

export function registerBackupRoutes(app: FastifyInstance, backups: BackupsService): void {
  // docs/spec/dashboard-spec.md §7 "POST /api/backup": the dashboard's 'Create Backup Now' and 'Export Logs'.
  app.post(
    '/api/backup',
    { config: { access: 'canManageSettings' } },
    async (): Promise<BackupResult> => backups.create(),
  )

  // Beyond docs/spec/product.md §6.1: the Backup card lists recent backups with their size.
  app.get(
    '/api/backups',
    { config: { access: 'canManageSettings' } },
    async (): Promise<BackupEntry[]> => backups.list(),
  )
}
