import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { ghlContacts, leads } from '../db/schema.ts'

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

/**
 * The Yelp lead a reply to a GHL contact answers. GHL's duplicate rules can make several Yelp
 * leads one contact (the same phone or email), so among the contact's leads in that location
 * (and that conversation, when the reply names it) the one whose consumer wrote last wins: the
 * reply answers the thread the customer is active in.
 */
export async function findLeadIdForReply(
  db: DB,
  reply: { clientId: string; locationId: string; contactId: string; conversationId?: string },
): Promise<string | null> {
  const lastConsumerActivity = sql`(
    select max((e->>'time_created')::timestamptz)
    from jsonb_array_elements(coalesce(${leads.events}, '[]'::jsonb)) e
    where e->>'user_type' = 'CONSUMER'
  )`
  const sameConversationFirst = reply.conversationId
    ? [sql`(${ghlContacts.contactData}->>'conversationId' = ${reply.conversationId}) desc nulls last`]
    : []
  const [row] = await db
    .select({ leadId: ghlContacts.leadId })
    .from(ghlContacts)
    .leftJoin(leads, and(eq(leads.clientId, ghlContacts.clientId), eq(leads.leadId, ghlContacts.leadId)))
    .where(
      and(
        eq(ghlContacts.clientId, reply.clientId),
        eq(ghlContacts.ghlContactId, reply.contactId),
        or(isNull(ghlContacts.ghlLocationId), eq(ghlContacts.ghlLocationId, reply.locationId)),
      ),
    )
    .orderBy(
      ...sameConversationFirst,
      sql`${lastConsumerActivity} desc nulls last`,
      sql`${leads.lastEventTime} desc nulls last`,
      desc(ghlContacts.id),
    )
    .limit(1)
  return row?.leadId ?? null
}

/** The Yelp leads that share one GHL contact in a location, in the order they joined it. */
export async function listLeadIdsOfContact(
  db: DB,
  contact: { clientId: string; locationId: string; contactId: string },
): Promise<string[]> {
  const rows = await db
    .select({ leadId: ghlContacts.leadId })
    .from(ghlContacts)
    .where(
      and(
        eq(ghlContacts.clientId, contact.clientId),
        eq(ghlContacts.ghlContactId, contact.contactId),
        or(isNull(ghlContacts.ghlLocationId), eq(ghlContacts.ghlLocationId, contact.locationId)),
      ),
    )
    .orderBy(asc(ghlContacts.id))
  return rows.map((row) => row.leadId)
}
