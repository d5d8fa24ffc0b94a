import { and, asc, eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { ghlCustomFields, leads } from '../db/schema.ts'

export type CustomFieldRow = typeof ghlCustomFields.$inferSelect

export async function listFieldRecords(db: DB, clientId: string): Promise<CustomFieldRow[]> {
  return db
    .select()
    .from(ghlCustomFields)
    .where(and(eq(ghlCustomFields.clientId, clientId), eq(ghlCustomFields.isActive, true)))
    .orderBy(asc(ghlCustomFields.sourceType), asc(ghlCustomFields.id))
}

export interface FieldRecordInput {
  clientId: string
  fieldName: string
  ghlFieldId: string
  ghlFieldName: string
  dataType: string
  options: string[] | null
  sourceType: 'standard' | 'survey_question'
  sourceData: unknown
  apiResponse: unknown
}

/** One record per client and field name: re-running the setup updates, never duplicates. */
export async function upsertFieldRecord(db: DB, record: FieldRecordInput): Promise<void> {
  const { clientId, fieldName, ...rest } = record
  await db
    .insert(ghlCustomFields)
    .values(record)
    .onConflictDoUpdate({
      target: [ghlCustomFields.clientId, ghlCustomFields.fieldName],
      set: { ...rest, isActive: true, updatedAt: sql`now()` },
    })
}

export async function deleteFieldRecords(db: DB, clientId: string): Promise<void> {
  await db.delete(ghlCustomFields).where(eq(ghlCustomFields.clientId, clientId))
}

/** The parts of stored leads the analysis reads. */
export async function listLeadProjects(db: DB, clientId: string) {
  return db.select({ projectData: leads.projectData }).from(leads).where(eq(leads.clientId, clientId))
}
