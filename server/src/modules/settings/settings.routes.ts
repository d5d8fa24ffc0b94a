import { type Setting, settingUpdateBodySchema } from '@common/settings.ts'
import { idField } from '@common/text-bounds.ts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireSession } from '../../http/guard.ts'
import { parseInput } from '../../lib/validation.ts'
import type { SettingsService } from './settings.service.ts'

const keyParams = z.object({ key: idField('key') })

export function registerSettingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  app.get(
    '/api/settings',
    { config: { access: 'canManageSettings' } },
    async (): Promise<Setting[]> => settings.list(),
  )

  app.put(
    '/api/settings/:key',
    { config: { access: 'canManageSettings', body: settingUpdateBodySchema } },
    async (request): Promise<Setting> => {
      const { key } = parseInput(keyParams, request.params)
      const { value } = parseInput(settingUpdateBodySchema, request.body)
      const { user } = requireSession(request)
      return settings.update(key, value, { id: user.id, username: user.username })
    },
  )
}
