// Whether a built file is missing or older than any of its sources: the web build and the
// compiled server are rebuilt by `npm start` on that test.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

/** `sources`: paths relative to `root`, files or folders (read whole). */
export function isOlderThanSources(built, root, sources) {
  if (!existsSync(built)) return true
  const builtAt = statSync(built).mtimeMs
  return sources.some((source) => newestMtime(join(root, source)) > builtAt)
}
