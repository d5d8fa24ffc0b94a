import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { messages } from '../db/schema.ts'

export type MessageRow = typeof messages.$inferSelect
export type NewMessage = Omit<typeof messages.$inferInsert, 'id' | 'createdAt'>

/** Inserts unless a message with the same external key exists; returns the new row or null. */
export async function insertMessageOnce(db: DB, message: NewMessage): Promise<MessageRow | null> {
  const [row] = await db
    .insert(messages)
    .values(message)
    .onConflictDoNothing({ target: messages.externalKey })
    .returning()
  return row ?? null
}

export async function findMessageByExternalKey(db: DB, externalKey: string): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(eq(messages.externalKey, externalKey))
  return row ?? null
}

export async function findMessageById(db: DB, id: number): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id))
  return row ?? null
}

/** Sets the status and merges `metadata` into what the row already holds. */
export async function updateMessage(
  db: DB,
  id: number,
  changes: { status?: string; metadata?: Record<string, unknown>; conversationId?: string | null },
): Promise<void> {
  await db
    .update(messages)
    .set({
      ...(changes.status ? { status: changes.status } : {}),
      ...(changes.conversationId !== undefined ? { conversationId: changes.conversationId } : {}),
      ...(changes.metadata
        ? {
            metadata: sql`coalesce(${messages.metadata}, '{}'::jsonb) || ${JSON.stringify(changes.metadata)}::jsonb`,
          }
        : {}),
    })
    .where(eq(messages.id, id))
}

/**
 * The hub's replies to a lead, posted or waiting to be, not yet tied to a Yelp event, written in
 * the last `within` (an SQL interval): the rows an echo of the hub's own writes may belong to.
 */
function unlinkedReplies(clientId: string, leadId: string, within: string) {
  return and(
    eq(messages.clientId, clientId),
    eq(messages.direction, 'outbound'),
    sql`${messages.metadata}->>'leadId' = ${leadId}`,
    sql`${messages.metadata}->>'yelpEventId' is null`,
    inArray(messages.status, ['pending', 'success']),
    gt(messages.createdAt, sql`now() - ${within}::interval`),
  )
}

/**
 * Whether a reply of the hub's to this lead has been posted to Yelp (or is being posted) without
 * its event read back yet: a webhook for this lead arriving now is most likely that reply's echo.
 */
export async function hasReplyAwaitingItsEvent(db: DB, clientId: string, leadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        unlinkedReplies(clientId, leadId, '10 minutes'),
        sql`${messages.metadata}->>'yelpAttemptedAt' is not null`,
      ),
    )
    .limit(1)
  return row !== undefined
}

/**
 * The hub's own replies a Yelp BIZ event of this lead may be the echo of, oldest first: written to
 * Yelp (or being written) in the last two hours and not yet tied to a Yelp event
 * (docs/providers/yelp.md §2: webhooks echo API writes). The caller compares the texts: Yelp may
 * give the text back with other whitespace, so an exact match here missed echoes.
 */
export async function listUnlinkedReplies(db: DB, clientId: string, leadId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(
      and(
        unlinkedReplies(clientId, leadId, '2 hours'),
        sql`${messages.metadata}->>'yelpAttemptedAt' is not null`,
      ),
    )
    .orderBy(asc(messages.id))
    .limit(50)
}
