import pg from 'pg'

// Where the database's time goes during one timed run, when the server was started with
// `shared_preload_libraries = 'pg_stat_statements'` (bench/README.md, "Profiling the database").
// Without it these answer null and the bench runs as before: the module cannot be loaded at run
// time, and no bench should restart the machine's PostgreSQL.

export interface StatementCost {
  calls: number
  totalMs: number
  meanMs: number
  rowsPerCall: number
  query: string
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T | null> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } catch {
    return null
  } finally {
    await client.end()
  }
}

/** Starts a statement profile of `url`'s database: its counts so far are cleared. */
export async function resetStatementProfile(url: string): Promise<boolean> {
  const done = await withClient(url, async (client) => {
    await client.query('create extension if not exists pg_stat_statements')
    await client.query(
      'select pg_stat_statements_reset(0, (select oid from pg_database where datname = current_database()), 0)',
    )
    return true
  })
  return done ?? false
}

/** The `limit` statements of `url`'s database that took the most time since the reset. */
export async function statementProfile(url: string, limit = 12): Promise<StatementCost[] | null> {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `select calls, total_exec_time, rows, query from pg_stat_statements
       where dbid = (select oid from pg_database where datname = current_database())
       order by total_exec_time desc limit $1`,
      [limit],
    )
    return rows.map((row) => ({
      calls: Number(row.calls),
      totalMs: Math.round(Number(row.total_exec_time)),
      meanMs: +(Number(row.total_exec_time) / Math.max(1, Number(row.calls))).toFixed(3),
      rowsPerCall: +(Number(row.rows) / Math.max(1, Number(row.calls))).toFixed(1),
      query: String(row.query).replace(/\s+/g, ' ').slice(0, 240),
    }))
  })
}
