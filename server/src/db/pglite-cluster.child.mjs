// Child process of pglite-settings.ts: creates a PGlite cluster and brings it to the current
// schema (our migrations, then pg-boss's tables), then exits. initdb grows PGlite's WebAssembly
// memory to about 800 MB, which only the end of a process gives back. Plain JavaScript so that it
// runs without a TypeScript loader, from `npm install` as from the server.
// Arguments: <cluster folder> <PGlite options as JSON> <migrations folder> <pg-boss schema>.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import PgBoss from 'pg-boss'

const [clusterDir, optionsJson, migrationsFolder, queueSchema] = process.argv.slice(2)
// PGlite creates the cluster's own folder, not its parents.
mkdirSync(dirname(clusterDir), { recursive: true })
const pglite = new PGlite(clusterDir, { ...JSON.parse(optionsJson), extensions: { pg_trgm } })
await pglite.waitReady
await migrate(drizzle(pglite), { migrationsFolder })
// What pg-boss's start() runs on a database without its schema, so the first start finds it there.
await pglite.exec(PgBoss.getConstructionPlans(queueSchema))
await pglite.close()
