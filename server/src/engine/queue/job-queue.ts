import type { QueueName } from '@common/queues.ts'
import type PgBoss from 'pg-boss'
import type { DB } from '../../db/database.ts'
import { positionalSql, type Statement } from '../../db/positional-sql.ts'
import type { IdleWorkers } from './idle-workers.ts'
import { transactionDb } from './tx-queue.ts'

/**
 * What the port reads of a job's declaration (engine/jobs/job-definition.ts): a `JobDefinition`
 * is one.
 */
export interface QueuedJob<P extends object> {
  queue: QueueName
  singletonKey?(payload: P): string
  priority?(payload: P): number
}

/** A job queued by a schedule: the queue is created with its options when it does not exist yet. */
export interface ScheduledJob<P extends object> extends QueuedJob<P> {
  options: Omit<PgBoss.Queue, 'name'>
}

export interface EnqueueOptions {
  /** Enqueue inside this transaction: the job exists if and only if the rows that caused it do. */
  tx?: DB
  /** Not before this time. */
  startAfter?: Date
}

/**
 * The one way work gets queued. Services and jobs hand it a job's declaration and data; the
 * port applies that job's singleton key and priority and wakes an idle worker of this process,
 * so no caller picks keys, priorities or queue names itself, nor sees pg-boss.
 */
export interface JobQueue {
  /** Null when the queue's policy refused the job (one of its singleton key already waits). */
  enqueue<P extends object>(job: QueuedJob<P>, data: P, options?: EnqueueOptions): Promise<string | null>
  /** Many jobs in one insert (an import's or a webhook's lead ids). */
  enqueueMany<P extends object>(job: QueuedJob<P>, data: readonly P[], options?: { tx?: DB }): Promise<void>
  /**
   * Many jobs written by the caller's own statement: `write` gets their insert as SQL to run as a
   * CTE of it (`with jobs as (…) insert …`), or null when there are none. One round trip, and
   * atomic without a transaction (a statement is all or nothing); where a transaction's BEGIN,
   * COMMIT and statements are each a round trip, that is most of a webhook's acknowledgement
   * (bench/RESULTS.md, "one statement for a webhook batch"). The workers are woken once `write`
   * resolved.
   */
  enqueueManyAlong<P extends object, R>(
    job: QueuedJob<P>,
    data: readonly P[],
    write: (insertJobs: Statement | null) => Promise<R>,
  ): Promise<R>
  /**
   * Runs `run` in one transaction of `db`; the jobs it enqueued with `{ tx }` wake a worker once
   * it committed (a worker woken earlier would not see them yet, and would wait for its next poll).
   */
  transaction<T>(db: DB, run: (tx: DB) => Promise<T>): Promise<T>
  /** A dead (failed) job of `queue` runs again, at once. */
  retry(queue: string, id: string): Promise<void>
  /**
   * Sends `job` (with no data) at every tick of `cron`, replacing its earlier schedule: one job per
   * tick whatever the number of processes (the schedule is one row in the database).
   */
  schedule<P extends object>(job: ScheduledJob<P>, cron: string, options?: { tz?: string }): Promise<void>
}

/** The job queue on pg-boss. */
export class PgBossJobQueue implements JobQueue {
  /** Wakes owed by the transactions open in `transaction`, keyed by their handle. */
  private readonly pendingWakes = new WeakMap<DB, Map<string, number>>()

  constructor(
    private readonly boss: PgBoss,
    private readonly workers: IdleWorkers,
  ) {}

  async enqueue<P extends object>(
    job: QueuedJob<P>,
    data: P,
    { tx, startAfter }: EnqueueOptions = {},
  ): Promise<string | null> {
    const id = await this.boss.send(job.queue, data, {
      ...this.keyAndPriority(job, data),
      ...(startAfter ? { startAfter } : {}),
      ...(tx ? { db: transactionDb(tx) } : {}),
    })
    if (startAfter && startAfter.getTime() > Date.now()) {
      // Its worker polls anyway; this makes it start on time rather than up to a poll later.
      setTimeout(() => this.workers.wake(job.queue), startAfter.getTime() - Date.now() + 50).unref()
    } else this.wakeAfter(tx, job.queue, 1)
    return id
  }

  async enqueueMany<P extends object>(
    job: QueuedJob<P>,
    data: readonly P[],
    { tx }: { tx?: DB } = {},
  ): Promise<void> {
    if (data.length === 0) return
    const rows = data.map((one) => ({ name: job.queue, data: one, ...this.keyAndPriority(job, one) }))
    if (tx) await this.boss.insert(rows, { db: transactionDb(tx) })
    else await this.boss.insert(rows)
    this.wakeAfter(tx, job.queue, rows.length)
  }

  async enqueueManyAlong<P extends object, R>(
    job: QueuedJob<P>,
    data: readonly P[],
    write: (insertJobs: Statement | null) => Promise<R>,
  ): Promise<R> {
    if (data.length === 0) return write(null)
    const rows = data.map((one) => ({ name: job.queue, data: one, ...this.keyAndPriority(job, one) }))
    const result = await write(await this.insertStatement(rows))
    this.workers.wake(job.queue, rows.length)
    return result
  }

  async transaction<T>(db: DB, run: (tx: DB) => Promise<T>): Promise<T> {
    const wakes = new Map<string, number>()
    const result = await db.transaction(async (tx) => {
      this.pendingWakes.set(tx, wakes)
      return run(tx)
    })
    for (const [queue, jobs] of wakes) this.workers.wake(queue, jobs)
    return result
  }

  async retry(queue: string, id: string): Promise<void> {
    await this.boss.retry(queue, id)
    this.workers.wake(queue)
  }

  async schedule<P extends object>(
    job: ScheduledJob<P>,
    cron: string,
    { tz }: { tz?: string } = {},
  ): Promise<void> {
    // The schedule row refers to its queue, which the engine may not have created yet.
    if (!(await this.boss.getQueue(job.queue)))
      await this.boss.createQueue(job.queue, { name: job.queue, ...job.options })
    await this.boss.schedule(job.queue, cron, undefined, tz ? { tz } : undefined)
  }

  /**
   * pg-boss's own insert of `rows`, taken as SQL instead of run: it stays pg-boss's (the queue's
   * policy and defaults, its singleton conflicts) wherever the statement runs.
   */
  private async insertStatement(rows: PgBoss.JobInsert[]): Promise<Statement> {
    let statement: Statement | undefined
    const capture: PgBoss.Db = {
      executeSql: async (text: string, values: unknown[] = []) => {
        statement = positionalSql(text, values)
        return { rows: [] }
      },
    }
    await this.boss.insert(rows, { db: capture })
    if (!statement) throw new Error('pg-boss built no insert statement for the jobs')
    return statement
  }

  private keyAndPriority<P extends object>(job: QueuedJob<P>, data: P) {
    const singletonKey = job.singletonKey?.(data)
    const priority = job.priority?.(data)
    return {
      ...(singletonKey !== undefined ? { singletonKey } : {}),
      ...(priority !== undefined ? { priority } : {}),
    }
  }

  /** Now, or, inside a transaction opened by `transaction`, once it committed. */
  private wakeAfter(tx: DB | undefined, queue: string, jobs: number): void {
    const pending = tx ? this.pendingWakes.get(tx) : undefined
    if (pending) pending.set(queue, (pending.get(queue) ?? 0) + jobs)
    else this.workers.wake(queue, jobs)
  }
}
