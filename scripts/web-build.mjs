// Builds the web client when web/dist is missing or older than any of its sources.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isOlderThanSources } from './source-freshness.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const builtIndex = join(root, 'web/dist/index.html')
const sources = [
  'web/src',
  'web/index.html',
  'web/vite.config.ts',
  'web/public',
  'common',
  'package-lock.json',
]

export function isWebBuildStale() {
  return isOlderThanSources(builtIndex, root, sources)
}

/** Builds when stale; false when the build failed (vite's errors are on stderr). */
export function buildWebIfStale() {
  if (!isWebBuildStale()) return true
  console.log('Building the web client (web/dist is missing or older than its sources)...')
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  return result.status === 0
}

export function ensureWebBuild() {
  if (!buildWebIfStale()) {
    console.error('The web client build failed; see the errors above.')
    process.exit(1)
  }
}
