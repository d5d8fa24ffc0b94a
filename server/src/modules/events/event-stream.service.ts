import { randomUUID } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { ChangeEvent, ChangeTopic } from '@common/leads.ts'
import { PERMISSION_FLAGS, type PermissionFlag } from '@common/permissions.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import type { ChangeBus } from './change-bus.ts'

/** Changes kept for a reconnecting browser (`Last-Event-ID`); older ones mean a resync. */
const REPLAY_SIZE = 2000
/**
 * Keeps proxies from closing an idle stream; each beat also re-checks the session (a stream
 * outlives no logout, deactivation, expiry or change of rights) and re-reads the assignments.
 */
const HEARTBEAT_MS = 25_000
const RETRY_MS = 2000

// Which screens a topic refreshes, so a stream carries only what its user may see.
const TOPIC_ACCESS: Record<ChangeTopic, readonly PermissionFlag[] | 'any'> = {
  leads: ['canViewInbox'],
  messages: ['canViewMessages', 'canViewInbox'],
  logs: ['canViewWebhooks', 'canViewLogs'],
  clients: ['canViewClients'],
  jobs: 'any',
  alerts: ['canViewSystemStats'],
}

export type ScopeReader = (session: AuthenticatedSession) => Promise<readonly string[] | null>
/** The session as it stands now (without sliding its expiry), or null once it is over. */
export type SessionCheck = (session: AuthenticatedSession) => Promise<AuthenticatedSession | null>

interface Connection {
  session: AuthenticatedSession
  scope: readonly string[] | null
  out: ServerResponse
}

/**
 * `GET /api/events` (docs/spec/product.md §6.1): Server-Sent Events of what changed, scoped like
 * the lists — an operator never hears of another client's lead. Each event has an id
 * `<process>-<n>`; a browser that reconnects to this process with a recent one gets what it
 * missed, any other gets `event: resync` and reloads what it shows.
 */
export class EventStreamService {
  private readonly processId = randomUUID().slice(0, 8)
  private seq = 0
  private readonly replay: Array<{ seq: number; change: ChangeEvent }> = []
  private readonly connections = new Set<Connection>()
  private readonly timer: NodeJS.Timeout
  private readonly unsubscribe: () => void

  private readonly recheck: SessionCheck

  constructor(
    bus: ChangeBus,
    private readonly readScope: ScopeReader,
    options: { recheck: SessionCheck; heartbeatMs?: number },
  ) {
    this.recheck = options.recheck
    this.unsubscribe = bus.subscribe({
      changes: (changes) => this.publish(changes),
      resync: () => {
        for (const connection of this.connections) connection.out.write('event: resync\ndata: {}\n\n')
      },
    })
    this.timer = setInterval(() => this.tick(), options.heartbeatMs ?? HEARTBEAT_MS)
    this.timer.unref()
  }

  get openStreams(): number {
    return this.connections.size
  }

  /** Starts a stream on a hijacked response; it ends when the browser goes away. */
  async open(session: AuthenticatedSession, out: ServerResponse, lastEventId: string | undefined) {
    const connection: Connection = { session, scope: await this.readScope(session), out }
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // Proxies (nginx) must pass each event on at once.
      'x-accel-buffering': 'no',
    })
    out.write(`retry: ${RETRY_MS}\n: connected\n\n`)
    if (lastEventId) this.catchUp(connection, lastEventId)
    this.connections.add(connection)
    out.on('close', () => this.connections.delete(connection))
  }

  /** Ends every stream (the server is stopping; browsers reconnect to another process). */
  close(): void {
    clearInterval(this.timer)
    this.unsubscribe()
    for (const connection of this.connections) connection.out.end()
    this.connections.clear()
  }

  private publish(changes: ChangeEvent[]): void {
    for (const change of changes) {
      const seq = ++this.seq
      this.replay.push({ seq, change })
      if (this.replay.length > REPLAY_SIZE) this.replay.shift()
      for (const connection of this.connections) this.send(connection, seq, change)
    }
  }

  private catchUp(connection: Connection, lastEventId: string): void {
    const [processId, seqText] = lastEventId.split('-')
    const seq = Number(seqText)
    const oldest = this.replay[0]?.seq ?? this.seq + 1
    if (processId !== this.processId || !Number.isInteger(seq) || seq < oldest - 1 || seq > this.seq) {
      connection.out.write('event: resync\ndata: {}\n\n')
      return
    }
    for (const entry of this.replay) if (entry.seq > seq) this.send(connection, entry.seq, entry.change)
  }

  private send(connection: Connection, seq: number, change: ChangeEvent): void {
    if (!this.mayHear(connection, change)) return
    connection.out.write(`id: ${this.processId}-${seq}\nevent: change\ndata: ${JSON.stringify(change)}\n\n`)
  }

  private mayHear({ session, scope }: Connection, change: ChangeEvent): boolean {
    const access = TOPIC_ACCESS[change.topic]
    if (access !== 'any' && !access.some((flag) => session.user.permissions[flag])) return false
    if (scope === null) return true
    // Changes not tied to a client (a webhook for an unknown business) are for all-client users.
    return change.clientId !== undefined && scope.includes(change.clientId)
  }

  private tick(): void {
    for (const connection of this.connections) {
      connection.out.write(': keep-alive\n\n')
      // A failed read (the database briefly away) keeps the stream; the next beat checks again.
      this.refresh(connection).catch(() => {})
    }
  }

  /**
   * Ends a stream whose session is over or whose user's rights changed: the browser reconnects
   * and is either refused (signed out) or served with its current rights.
   */
  private async refresh(connection: Connection): Promise<void> {
    const current = await this.recheck(connection.session)
    if (!current || !sameRights(connection.session, current)) {
      this.connections.delete(connection)
      connection.out.end()
      return
    }
    connection.scope = await this.readScope(current)
  }
}

function sameRights(opened: AuthenticatedSession, now: AuthenticatedSession): boolean {
  return (
    opened.user.role === now.user.role &&
    PERMISSION_FLAGS.every((flag) => opened.user.permissions[flag] === now.user.permissions[flag])
  )
}
