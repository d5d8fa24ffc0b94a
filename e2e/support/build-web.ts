import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const rootDir = fileURLToPath(new URL('../../', import.meta.url))
const webDir = join(rootDir, 'web')
const builtIndex = join(webDir, 'dist', 'index.html')

function newestChange(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))))
}

/**
 * The server under test serves web/dist. `npm test` builds first; this guard also covers a
 * direct `npm run test:e2e` by rebuilding when the build is missing or older than the sources.
 * The build runs in its own process: inside vitest NODE_ENV is 'test', which would give a
 * development build of React.
 */
export default function setup(): void {
  const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((name) => join(webDir, name))
  const sourcesChanged = Math.max(...sources.filter(existsSync).map(newestChange))
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= sourcesChanged) return
  const result = spawnSync(
    process.execPath,
    [
      join(rootDir, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'web/vite.config.ts',
      '--logLevel',
      'warn',
    ],
    { cwd: rootDir, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  )
  if (result.status !== 0)
    throw new Error(`Building the web client for the e2e run failed (exit ${result.status})`)
}
