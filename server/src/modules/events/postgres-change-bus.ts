import { type ChangeEvent, changeEventSchema } from '@common/leads.ts'
import pg from 'pg'
import { z } from 'zod'
import type { SqlExecutor } from '../../db/database.ts'
import { ChangeBus } from './change-bus.ts'

const CHANNEL = 'leadrelay_changes'
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const MAX_PAYLOAD = 7000
const RECONNECT_MS = 1000
const batchSchema = z.array(changeEventSchema)

/**
 * Changes across every server process sharing one PostgreSQL database: each batch is a
 * `NOTIFY`, and each process `LISTEN`s on one connection of its own, so a lead stored by a job
 * in process A refreshes the inbox open on process B. When that connection drops, it comes
 * back by itself and the streams are told to resync (notifications sent meanwhile are lost).
 */
export class PostgresChangeBus extends ChangeBus {
  private client: pg.Client | null = null
  private stopped = false
  private reconnectTimer: NodeJS.Timeout | null = null

  constructor(
    private readonly url: string,
    private readonly execute: SqlExecutor,
    private readonly onError: (error: Error) => void = () => {},
  ) {
    super()
  }

  /** Resolves once this process listens (or its first attempt failed and a retry is set). */
  async start(): Promise<void> {
    await this.connect(false)
  }

  protected async send(changes: ChangeEvent[]): Promise<void> {
    for (const chunk of chunks(changes)) {
      await this.execute('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(chunk)])
    }
  }

  protected async stop(): Promise<void> {
    this.stopped = true
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    const client = this.client
    this.client = null
    await client?.end().catch(() => {})
  }

  private async connect(isReconnect: boolean): Promise<void> {
    if (this.stopped) return
    const client = new pg.Client({ connectionString: this.url })
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return
      try {
        const parsed = batchSchema.safeParse(JSON.parse(message.payload))
        if (parsed.success) this.deliver(parsed.data)
      } catch {
        // Not ours: ignore.
      }
    })
    const lost = (error?: Error) => {
      if (this.client !== client) return
      this.client = null
      if (error) this.onError(error)
      client.end().catch(() => {})
      this.scheduleReconnect()
    }
    client.on('error', lost)
    client.on('end', () => lost())
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANNEL}`)
      if (this.stopped) {
        await client.end()
        return
      }
      this.client = client
      if (isReconnect) this.deliverResync()
    } catch (error) {
      this.onError(error as Error)
      await client.end().catch(() => {})
      this.scheduleReconnect()
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null
      void this.connect(true)
    }, RECONNECT_MS)
    this.reconnectTimer.unref()
  }
}

function chunks(changes: ChangeEvent[]): ChangeEvent[][] {
  const out: ChangeEvent[][] = []
  let current: ChangeEvent[] = []
  let size = 2
  for (const change of changes) {
    const length = JSON.stringify(change).length + 1
    if (current.length && size + length > MAX_PAYLOAD) {
      out.push(current)
      current = []
      size = 2
    }
    current.push(change)
    size += length
  }
  if (current.length) out.push(current)
  return out
}
