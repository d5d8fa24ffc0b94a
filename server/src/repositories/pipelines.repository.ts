import type { PipelineSettings } from '@common/pipeline.ts'
import { eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { clientPipelines } from '../db/schema.ts'

export type PipelineRow = typeof clientPipelines.$inferSelect

export async function findPipeline(db: DB, clientId: string): Promise<PipelineRow | null> {
  const [row] = await db.select().from(clientPipelines).where(eq(clientPipelines.clientId, clientId))
  return row ?? null
}

export async function savePipeline(
  db: DB,
  clientId: string,
  settings: PipelineSettings,
): Promise<PipelineRow> {
  const values = { enabled: settings.enabled, pipelineId: settings.pipelineId, stages: settings.stages }
  const [row] = await db
    .insert(clientPipelines)
    .values({ clientId, ...values })
    .onConflictDoUpdate({ target: clientPipelines.clientId, set: { ...values, updatedAt: sql`now()` } })
    .returning()
  if (!row) throw new Error(`Saving the pipeline of client ${clientId} returned no row`)
  return row
}
