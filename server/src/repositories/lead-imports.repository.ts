import { eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { leadImports } from '../db/schema.ts'

export type LeadImportRow = typeof leadImports.$inferSelect

export async function startLeadImport(db: DB, clientId: string, businessId: string): Promise<void> {
  const fresh = {
    businessId,
    status: 'running' as const,
    leadsFound: 0,
    leadsQueued: 0,
    error: null,
    finishedAt: null,
  }
  await db
    .insert(leadImports)
    .values({ clientId, ...fresh })
    .onConflictDoUpdate({ target: leadImports.clientId, set: { ...fresh, startedAt: sql`now()` } })
}

export async function updateLeadImport(
  db: DB,
  clientId: string,
  changes: Partial<Pick<LeadImportRow, 'status' | 'leadsFound' | 'leadsQueued' | 'error'>> & {
    finished?: boolean
  },
): Promise<void> {
  const { finished, ...rest } = changes
  await db
    .update(leadImports)
    .set({ ...rest, ...(finished ? { finishedAt: sql`now()` } : {}) })
    .where(eq(leadImports.clientId, clientId))
}

export async function findLeadImport(db: DB, clientId: string): Promise<LeadImportRow | null> {
  const [row] = await db.select().from(leadImports).where(eq(leadImports.clientId, clientId))
  return row ?? null
}
