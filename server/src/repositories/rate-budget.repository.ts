import { sql } from 'drizzle-orm'
import type { DB } from '../db/database.ts'
import { selectRows } from './raw-rows.ts'

/** A slot held by one call (integrations/http/rate-budget.port.ts BudgetTicket). */
export interface RateBudgetTicket {
  key: string
  slot: number
  heldUntil: string
}

const ms = (value: number) => sql`(${value}::double precision * interval '1 millisecond')`

/**
 * The provider budgets of every process in `rate_budget_slots` (docs/decisions/0015).
 * `limit` slots per key; a call takes the oldest one if it is older than the window, in one
 * statement (`for update skip locked`: two processes claiming at once take different slots).
 * The database's clock is the one clock for every process.
 */
export class RateBudgetStore {
  constructor(private readonly db: DB) {}

  async claim(
    key: string,
    limit: number,
    windowMs: number,
    holdMs: number,
  ): Promise<RateBudgetTicket | { waitMs: number }> {
    for (let attempt = 0; ; attempt++) {
      const [row] = await selectRows<{
        slot: number | null
        held_until: string | null
        wait_ms: unknown
        slots: unknown
      }>(
        this.db,
        sql`with pick as (
            select slot from rate_budget_slots
            where key = ${key} and slot < ${limit}::int and taken_at <= clock_timestamp() - ${ms(windowMs)}
            order by taken_at limit 1
            for update skip locked
          ), taken as (
            update rate_budget_slots s set taken_at = clock_timestamp() + ${ms(holdMs)}
            from pick where s.key = ${key} and s.slot = pick.slot
            returning s.slot, s.taken_at::text as held_until
          )
          select (select slot from taken) as slot,
            (select held_until from taken) as held_until,
            (select ceil(extract(epoch from min(taken_at) + ${ms(windowMs)} - clock_timestamp()) * 1000)
              from rate_budget_slots where key = ${key} and slot < ${limit}::int) as wait_ms,
            (select count(*) from rate_budget_slots where key = ${key} and slot < ${limit}::int) as slots`,
      )
      if (row?.slot !== null && row?.slot !== undefined && row.held_until)
        return { key, slot: row.slot, heldUntil: row.held_until }
      // A new key (or a higher limit, or slots emptied by a crash: the table is unlogged): add
      // the missing slots, free, and claim again.
      if (Number(row?.slots ?? 0) < limit && attempt === 0) {
        await this.db.execute(sql`insert into rate_budget_slots (key, slot)
          select ${key}, n from generate_series(0, ${limit - 1}::int) as n
          on conflict do nothing`)
        continue
      }
      // A slot held by a call under way frees when the call ends, which may be long before its
      // hold: look again within a window at the latest.
      return { waitMs: Math.min(windowMs, Math.max(0, Number(row?.wait_ms ?? windowMs))) }
    }
  }

  /** The call ended: its slot counts from now, unless a pause moved the slot since. */
  async release(ticket: RateBudgetTicket): Promise<void> {
    await this.db.execute(sql`update rate_budget_slots set taken_at = clock_timestamp()
      where key = ${ticket.key} and slot = ${ticket.slot} and taken_at = ${ticket.heldUntil}::timestamptz`)
  }

  /** No slot of the key frees before `pauseMs` from now. */
  async pause(key: string, pauseMs: number, windowMs: number): Promise<void> {
    await this.db.execute(sql`update rate_budget_slots
      set taken_at = greatest(taken_at, clock_timestamp() + ${ms(pauseMs - windowMs)})
      where key = ${key}`)
  }
}
