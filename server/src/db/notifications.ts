import pg from 'pg'
import type { Database } from './database.ts'

const RECONNECT_MS = 2_000

/**
 * Subscribes to PostgreSQL `NOTIFY` on `channel`: on PostgreSQL through one dedicated
 * connection (a pooled one could be handed to a query mid-LISTEN), on PGlite through its own
 * `listen`. A dropped connection is re-opened after two seconds; notifications sent meanwhile are
 * lost, which is why listeners keep a short re-read interval as well (settings' CachedSetting).
 * Returns the function that stops listening.
 */
export async function listenForNotifications(
  database: Database,
  channel: string,
  onNotify: (payload: string) => void,
  onError: (error: Error) => void = () => {},
): Promise<() => Promise<void>> {
  if (database.pglite) return database.pglite.listen(channel, onNotify)
  const url = database.url
  if (!url) throw new Error('listenForNotifications: the database has neither PGlite nor a URL')
  let client: pg.Client | null = null
  let stopped = false
  let retry: NodeJS.Timeout | undefined

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url })
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '')
    })
    next.on('error', (error) => {
      onError(error)
      reconnectSoon(next)
    })
    next.on('end', () => reconnectSoon(next))
    await next.connect()
    await next.query(`LISTEN ${quoteIdent(channel)}`)
    client = next
  }
  const scheduleConnect = () => {
    if (stopped) return
    retry = setTimeout(() => {
      connect().catch((error: Error) => {
        onError(error)
        scheduleConnect()
      })
    }, RECONNECT_MS)
    retry.unref()
  }
  const reconnectSoon = (dead: pg.Client) => {
    if (stopped || client !== dead) return
    client = null
    dead.end().catch(() => {})
    scheduleConnect()
  }

  await connect()
  return async () => {
    stopped = true
    clearTimeout(retry)
    const open = client
    client = null
    await open?.end().catch(() => {})
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
