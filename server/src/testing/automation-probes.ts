import type { AutomationStep } from '@common/lead-automation.ts'
import { type LeadDetail, leadDetailSchema } from '@common/leads.ts'
import type { PlaybookInput } from '@common/playbook.ts'
import { QUEUES } from '@common/queues.ts'
import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { ConnectedWorld } from './connected-world.ts'
import { waitFor } from './wait-for.ts'

/** Open all day, every day: the playbook tests choose in-hours texts without a clock to set. */
export const ALL_WEEK: PlaybookInput['businessHours'] = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00'] as [string, string]]]),
)

/** Every queue whose jobs post, plan or sync a lead's automated messages. */
const AUTOMATION_QUEUES = [
  QUEUES.leadAutomation,
  QUEUES.leadAutomationAi,
  QUEUES.hubReply,
  QUEUES.leadSync,
  QUEUES.leadSyncBulk,
  QUEUES.leadImport,
  QUEUES.automationSweep,
]

/**
 * What the response playbook's tests look at from outside: the business's texts on Yelp, the
 * lead's automation history and details as the API shows them, and whether the hub has work left
 * to do now. `world` is read at each call (the world starts in the file's beforeAll).
 */
export function automationProbes(world: () => ConnectedWorld) {
  return {
    /** The business's texts on the Yelp lead, oldest first. */
    async businessTexts(leadId: string): Promise<string[]> {
      return (await world().sims.yelpLead(leadId)).events
        .filter((event) => event.user_type === 'BIZ' && event.event_type === 'TEXT')
        .map((event) => event.event_content.text ?? '')
    },

    /** The lead's automation history; empty while the lead is not stored yet. */
    async history(leadId: string): Promise<AutomationStep[]> {
      const response = await world().admin.get(`/api/leads/${leadId}/automation`)
      if (response.status === 404) return []
      expect(response.status, response.text).toBe(200)
      return response.body as AutomationStep[]
    },

    /** The lead as the inbox shows it, once stored. */
    async lead(leadId: string): Promise<LeadDetail> {
      const response = await waitFor(`lead ${leadId} stored`, async () => {
        const answer = await world().admin.get(`/api/leads/${leadId}`)
        return answer.status === 200 && answer
      })
      return leadDetailSchema.parse(response.body)
    },

    /** No automation, reply or sync job of the hub left to run now (future wake-ups aside). */
    async queuesIdle(): Promise<boolean> {
      const names = AUTOMATION_QUEUES.map((queue) => `'${queue}'`).join(', ')
      const rows = (await world().db.execute(
        sql.raw(`select count(*)::int as n from pgboss.job where name in (${names})
          and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`),
      )) as unknown as { rows: Array<{ n: number }> }
      return rows.rows[0]?.n === 0
    },
  }
}
