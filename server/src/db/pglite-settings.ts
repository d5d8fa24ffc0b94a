import { spawnSync } from 'node:child_process'
import type { PGliteOptions } from '@electric-sql/pglite'
import { projectPath } from '../lib/project-root.ts'
import { QUEUE_SCHEMA } from './schema-sources.ts'

// PGlite's own start parameters (its `defaultStartParams`): passing `startParams` replaces them,
// so they are repeated here.
const PGLITE_DEFAULT_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
]

/**
 * WebAssembly memory only grows, so every buffer PGlite ever used stays in the process's RSS.
 * Its default 128 MB of shared buffers alone cost about 120 MB; the hub's working set is small
 * and the operating system caches the data files anyway (bench/RESULTS.md, "Idle memory").
 */
export const PGLITE_OPTIONS: PGliteOptions = {
  startParams: [...PGLITE_DEFAULT_START_PARAMS, '-c', 'shared_buffers=16MB'],
}

/** Beside this module; named from the root so the compiled server (one file elsewhere) finds it. */
export const CLUSTER_CHILD_SOURCE = 'server/src/db/pglite-cluster.child.mjs'
const CLUSTER_CHILD = projectPath(CLUSTER_CHILD_SOURCE)

/**
 * Creates a PGlite cluster in `clusterDir` through initdb, our migrations and pg-boss's schema, in a
 * short-lived child process: initdb grows PGlite's WebAssembly memory to about 800 MB, which the
 * server would otherwise hold for its whole life.
 */
export function buildPgliteCluster(clusterDir: string, migrationsFolder: string): void {
  const result = spawnSync(
    process.execPath,
    [CLUSTER_CHILD, clusterDir, JSON.stringify(PGLITE_OPTIONS), migrationsFolder, QUEUE_SCHEMA],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  )
  if (result.status !== 0) {
    throw new Error(
      `Creating the embedded database in ${clusterDir} failed (exit code ${result.status ?? result.signal})`,
    )
  }
}
