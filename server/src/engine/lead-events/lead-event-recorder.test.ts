import type { ChangeEvent } from '@common/leads.ts'
import { describe, expect, it } from 'vitest'
import type { DB } from '../../db/database.ts'
import type { AlertEvent } from '../alerts/alert-port.ts'
import type { JobQueue } from '../queue/job-queue.ts'
import type { LeadEvent } from './lead-event.ts'
import { LeadEventRecorder } from './lead-event-recorder.ts'
import { defineLeadReaction } from './lead-reaction.ts'

// The recorder's contract (docs/decisions/0030): each event's reactions run inside the caller's
// transaction, only the reactions `on` it; alerts wait for the commit, and a rolled-back change
// raises none.

const OUTER = { name: 'db' } as unknown as DB
const TX = { name: 'tx' } as unknown as DB

function world() {
  const log: string[] = []
  const raised: AlertEvent[] = []
  let transactions = 0
  const jobs = {
    async transaction<T>(db: DB, run: (tx: DB) => Promise<T>): Promise<T> {
      expect(db).toBe(OUTER)
      transactions += 1
      log.push('begin')
      const result = await run(TX)
      log.push('commit')
      return result
    },
  } as unknown as JobQueue
  const seen = defineLeadReaction({
    on: ['lead.status_changed', 'lead.contact_ready'],
    async react(event, ctx) {
      log.push(`seen ${event.type} in ${ctx.tx === TX ? 'tx' : 'db'}`)
      await ctx.alerts.raise({ type: 'lead.status_changed', clientId: event.clientId, key: event.type })
      log.push('raised (owed)')
    },
  })
  const stored = defineLeadReaction({
    on: ['lead.stored'],
    async react(event, ctx) {
      log.push(`stored ${event.leadId}`)
      ctx.changes.announce({ topic: 'leads', clientId: event.clientId, leadId: event.leadId })
    },
  })
  const alerts = {
    async raise(event: AlertEvent) {
      log.push(`alert ${event.key}`)
      raised.push(event)
    },
  }
  const changes = { announce: (change: ChangeEvent) => void log.push(`announce ${change.topic}`) }
  const recorder = new LeadEventRecorder({ jobs, alerts, changes, reactions: [seen, stored] })
  return { recorder, log, raised, transactions: () => transactions }
}

const changed: LeadEvent = {
  type: 'lead.status_changed',
  clientId: 'c',
  leadId: 'l',
  previous: 'new',
  status: 'closed',
  origin: 'ghl',
  by: 'GHL',
}
const ready: LeadEvent = { type: 'lead.contact_ready', clientId: 'c', leadId: 'l' }

describe('LeadEventRecorder', () => {
  it('runs the reactions of each event in the caller’s transaction and raises their alerts after its commit', async () => {
    const { recorder, log, raised } = world()
    const answer = await recorder.transaction(OUTER, async (tx) => {
      log.push('change')
      await recorder.record(tx, [changed, ready])
      return 42
    })
    expect(answer).toBe(42)
    expect(log).toEqual([
      'begin',
      'change',
      'seen lead.status_changed in tx',
      'raised (owed)',
      'seen lead.contact_ready in tx',
      'raised (owed)',
      'commit',
      'alert lead.status_changed',
      'alert lead.contact_ready',
    ])
    expect(raised).toHaveLength(2)
  })

  it('offers an event only to the reactions on it, and announces its changes after the commit', async () => {
    const { recorder, log } = world()
    await recorder.record(OUTER, [
      {
        type: 'lead.stored',
        clientId: 'c',
        leadId: 'l9',
        needsMetrics: false,
        history: false,
        gainedPhone: null,
        unannounced: [],
      },
    ])
    expect(log).toEqual(['begin', 'stored l9', 'commit', 'announce leads'])
  })

  it('records in a transaction of its own when handed no transaction of its own making', async () => {
    const { recorder, log, transactions } = world()
    await recorder.record(OUTER, [changed])
    expect(transactions()).toBe(1)
    expect(log).toEqual([
      'begin',
      'seen lead.status_changed in tx',
      'raised (owed)',
      'commit',
      'alert lead.status_changed',
    ])
  })

  it('raises nothing for a change that rolled back', async () => {
    const { recorder, raised } = world()
    await expect(
      recorder.transaction(OUTER, async (tx) => {
        await recorder.record(tx, [changed])
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(raised).toEqual([])
  })

  it('records nothing, and opens no transaction, for no events', async () => {
    const { recorder, transactions } = world()
    await recorder.record(OUTER, [])
    expect(transactions()).toBe(0)
  })
})
