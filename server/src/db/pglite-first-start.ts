import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { buildPgliteCluster } from './pglite-settings.ts'
import { copyPgliteTemplate, ensurePgliteTemplate, type TemplateOptions } from './pglite-template.ts'
import { MIGRATIONS_FOLDER } from './schema-sources.ts'

const NEW_CLUSTER_PREFIX = '.db-new-'

/** How the embedded database of a data folder came to be; what tests and the log look at. */
export type ClusterOrigin = 'existing' | 'template' | 'built'

/**
 * Gives a data folder its embedded database on the first start: a copy of the template
 * (pglite-template.ts), or when that cannot be had, one built in place the slow way. The caller
 * holds the data-folder lock. The cluster is made beside its final place and renamed into it,
 * so a start killed half-way leaves no half database that a later start would take for whole.
 */
export function createPgliteClusterIfMissing(
  clusterDir: string,
  options: TemplateOptions = {},
): ClusterOrigin {
  if (existsSync(join(clusterDir, 'PG_VERSION'))) return 'existing'
  if (existsSync(clusterDir) && readdirSync(clusterDir).length > 0) {
    throw new Error(
      `${clusterDir} is not empty but holds no database; move it away or set DATA_DIR to another folder`,
    )
  }
  const parent = dirname(clusterDir)
  // Under the lock, any such folder is what an interrupted first start left.
  for (const name of readdirSync(parent)) {
    if (name.startsWith(NEW_CLUSTER_PREFIX)) rmSync(join(parent, name), { recursive: true, force: true })
  }
  const fresh = join(parent, `${NEW_CLUSTER_PREFIX}${randomBytes(4).toString('hex')}`)
  let origin: ClusterOrigin = 'template'
  try {
    copyPgliteTemplate(ensurePgliteTemplate(options), fresh)
  } catch (error) {
    rmSync(fresh, { recursive: true, force: true })
    process.stderr.write(
      `The embedded database template could not be used (${(error as Error).message}); ` +
        'creating the database from scratch, which takes longer.\n',
    )
    try {
      buildPgliteCluster(fresh, options.migrationsFolder ?? MIGRATIONS_FOLDER)
    } catch (buildError) {
      rmSync(fresh, { recursive: true, force: true })
      throw buildError
    }
    origin = 'built'
  }
  // rename() replaces an empty folder, which is all clusterDir can be here.
  renameSync(fresh, clusterDir)
  return origin
}
