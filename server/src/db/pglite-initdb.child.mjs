// Child process of pglite-settings.ts: creates a PGlite cluster, then exits so that the
// memory initdb needed is returned to the operating system.
import { PGlite } from '@electric-sql/pglite'

const [pgDataDir, optionsJson] = process.argv.slice(2)
const pglite = new PGlite(pgDataDir, JSON.parse(optionsJson))
await pglite.waitReady
await pglite.close()
