import pg from 'pg'

/** The bench's PostgreSQL server (bench/README.md): trust auth for `postgres`, as in CI. */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

async function asAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
  await admin.connect()
  try {
    await admin.query(statement)
  } finally {
    await admin.end()
  }
}

/** A new empty database `lr_bench_<ms>_<random>` on that server, and how to drop it afterwards. */
export async function createBenchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lr_bench_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`
  await asAdmin(`create database ${name}`)
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => asAdmin(`drop database if exists ${name} with (force)`) }
}
