/**
 * Group commit: callers submit one item each and wait for it to be durable; the items that
 * arrive while a write is in flight go to the database together, atomically (one transaction,
 * or one statement), by the next write. Under load one write (and, on PGlite, one trip through
 * its single connection) serves dozens of requests; at low load a batch is one item and nothing
 * waits for a timer.
 *
 * If a batch fails, its items are written one by one, so one bad item cannot fail the others.
 */
export interface GroupCommitOptions<T, R> {
  /** Writes a batch atomically and answers each item, in order. */
  writeBatch: (items: T[]) => Promise<R[]>
  /** Writes one item alone, after its batch failed. */
  writeOne: (item: T) => Promise<R>
  maxBatch: number
  /** Batches written at the same time (1 on PGlite's single connection; more on a pool). */
  maxInFlight: number
}

interface Pending<T, R> {
  item: T
  resolve: (result: R) => void
  reject: (error: unknown) => void
}

export class GroupCommit<T, R> {
  private queue: Pending<T, R>[] = []
  private inFlight = 0
  private scheduled = false

  constructor(private readonly options: GroupCommitOptions<T, R>) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject })
      // After the current I/O phase, so requests that arrived together are written together.
      if (!this.scheduled) {
        this.scheduled = true
        setImmediate(() => {
          this.scheduled = false
          this.pump()
        })
      }
    })
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch)
      this.inFlight += 1
      void this.write(batch).finally(() => {
        this.inFlight -= 1
        this.pump()
      })
    }
  }

  private async write(batch: Pending<T, R>[]): Promise<void> {
    if (batch.length > 1) {
      try {
        const results = await this.options.writeBatch(batch.map((p) => p.item))
        for (const [index, pending] of batch.entries()) pending.resolve(results[index] as R)
        return
      } catch {
        // Fall through: find the item at fault by writing each alone.
      }
    }
    for (const pending of batch) {
      try {
        pending.resolve(await this.options.writeOne(pending.item))
      } catch (error) {
        pending.reject(error)
      }
    }
  }
}
