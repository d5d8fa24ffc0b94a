import pg from 'pg'
import { sleep } from '../server/src/testing/wait-for.ts'

/** The bench's PostgreSQL server (bench/README.md): trust auth for `postgres`, as in CI. */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

async function asAdmin(statement: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL })
  await admin.connect()
  try {
    return (await admin.query(statement, values)).rows
  } finally {
    await admin.end()
  }
}

/**
 * Drops a bench database once its clients are gone: pg-pool's end() resolves before its clients
 * have closed, and terminating one mid-close (FORCE) makes the pool emit an unhandled error
 * (server/src/testing/test-database.ts does the same).
 */
async function dropBenchDatabase(name: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const [row] = await asAdmin('select count(*)::int as n from pg_stat_activity where datname = $1', [name])
    if (row?.n === 0) break
    await sleep(50)
  }
  await asAdmin(`drop database if exists ${name} with (force)`)
}

/** A new empty database `lr_bench_<ms>_<random>` on that server, and how to drop it afterwards. */
export async function createBenchPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lr_bench_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`
  await asAdmin(`create database ${name}`)
  const url = new URL(PG_ADMIN_URL)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => dropBenchDatabase(name) }
}
