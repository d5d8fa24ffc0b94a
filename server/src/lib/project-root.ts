import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The checkout's root: the nearest folder above this module whose package.json is ours. Found by
 * walking up rather than by a fixed `../..`, because `npm start` runs the server compiled into one
 * file (server/dist/main.mjs, scripts/server-build.mjs) where every module's `import.meta.url` is
 * that file's; the folders the server reads beside its code (the migrations, the web build, the
 * template cache) are named from here and are the same from either place.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'leadrelay') return dir
    if (dirname(dir) === dir) throw new Error(`No LeadRelay package.json above ${from}`)
  }
}

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)))

/** A path inside the checkout, given relative to its root. */
export function projectPath(relative: string): string {
  return join(PROJECT_ROOT, relative)
}
