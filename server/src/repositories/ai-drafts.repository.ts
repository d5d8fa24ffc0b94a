import { and, eq, isNull, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { aiDrafts } from '../db/schema.ts'
import { inClients, selectRows, toCount } from './raw-rows.ts'

// The record of every AI draft (docs/spec/product.md §9.6 "the client's figures show AI drafts made,
// sent and edited"): the draft itself leaves `lead_drafts` once sent or discarded, this row stays.

export type AiDraftOrigin = 'inbox' | 'first_reply'

export async function recordAiDraft(
  db: DB,
  draft: { id: string; clientId: string; leadId: string; origin: AiDraftOrigin; sentAt?: Date },
): Promise<void> {
  await db.insert(aiDrafts).values(draft).onConflictDoNothing()
}

/** The draft went to the customer, as the model wrote it or edited by a person. */
export async function markAiDraftSent(db: DB, id: string, edited: boolean, at: Date): Promise<void> {
  await db
    .update(aiDrafts)
    .set({ sentAt: at, edited })
    .where(and(eq(aiDrafts.id, id), isNull(aiDrafts.sentAt)))
}

export interface AiDraftFiguresRow {
  clientId: string
  made: number
  sent: number
  edited: number
}

/** Per client, the AI drafts made in [from, to), how many of them were sent, and sent edited. */
export async function readAiDraftFigures(
  db: DB,
  options: { from: Date; to: Date; clientIds: string[] | null },
): Promise<AiDraftFiguresRow[]> {
  const scope = options.clientIds ? sql`and ${inClients(sql`client_id`, options.clientIds)}` : sql``
  const rows = await selectRows<Record<keyof AiDraftFiguresRow, unknown>>(
    db,
    sql`select client_id as "clientId", count(*) as "made",
        count(sent_at) as "sent", count(*) filter (where sent_at is not null and edited) as "edited"
      from ai_drafts
      where created_at >= ${options.from.toISOString()}::timestamptz
        and created_at < ${options.to.toISOString()}::timestamptz ${scope}
      group by client_id`,
  )
  return rows.map((row) => ({
    clientId: String(row.clientId),
    made: toCount(row.made),
    sent: toCount(row.sent),
    edited: toCount(row.edited),
  }))
}
