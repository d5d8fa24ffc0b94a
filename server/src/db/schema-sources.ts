import { projectPath } from '../lib/project-root.ts'

/**
 * Where a database's tables come from: our drizzle migrations and pg-boss's own schema. Named
 * once here because the server applies them at every start and the embedded-database template
 * (pglite-template.ts) applies them ahead of the first one.
 */
export const MIGRATIONS_FOLDER = projectPath('server/drizzle')
export const QUEUE_SCHEMA = 'pgboss'
