import { and, eq, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { ghlContacts } from '../db/schema.ts'

export interface ContactMapping {
  ghlContactId: string
  ghlLocationId: string | null
  conversationId: string | null
  /** The contact fields last written to GHL. */
  sent: unknown
}

/** The GHL contact a Yelp lead became, if the hub created or matched one before. */
export async function findContactMapping(
  db: DB,
  clientId: string,
  leadId: string,
): Promise<ContactMapping | null> {
  const [row] = await db
    .select()
    .from(ghlContacts)
    .where(and(eq(ghlContacts.clientId, clientId), eq(ghlContacts.leadId, leadId)))
  if (!row) return null
  const data = row.contactData as { conversationId?: string; sent?: unknown } | null
  return {
    ghlContactId: row.ghlContactId,
    ghlLocationId: row.ghlLocationId,
    conversationId: data?.conversationId ?? null,
    sent: data?.sent ?? null,
  }
}

export async function saveContactMapping(
  db: DB,
  mapping: {
    clientId: string
    leadId: string
    ghlContactId: string
    ghlLocationId: string
    conversationId: string | null
    sent: unknown
  },
): Promise<void> {
  const contactData = { conversationId: mapping.conversationId, sent: mapping.sent }
  await db
    .insert(ghlContacts)
    .values({
      clientId: mapping.clientId,
      leadId: mapping.leadId,
      ghlContactId: mapping.ghlContactId,
      ghlLocationId: mapping.ghlLocationId,
      contactData,
      syncStatus: 'synced',
      lastSyncAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: [ghlContacts.clientId, ghlContacts.leadId],
      set: {
        ghlContactId: mapping.ghlContactId,
        ghlLocationId: mapping.ghlLocationId,
        contactData,
        syncStatus: 'synced',
        lastSyncAt: sql`now()`,
        updatedAt: sql`now()`,
      },
    })
}

/** The Yelp lead behind a GHL contact (a reply arrives with only the contact id). */
export async function findLeadIdByContact(
  db: DB,
  clientId: string,
  ghlContactId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ leadId: ghlContacts.leadId })
    .from(ghlContacts)
    .where(and(eq(ghlContacts.clientId, clientId), eq(ghlContacts.ghlContactId, ghlContactId)))
  return row?.leadId ?? null
}
