// Compiles the server into one file, server/dist/main.mjs, when it is missing or older than any
// of its sources. `npm start` runs that file instead of the TypeScript through tsx: tsx's loader
// runs on a thread of its own with its own V8 heap, and the compiled modules of hundreds of
// files stay in memory, about 30 MB of an idle hub's RSS (bench/RESULTS.md, "Idle memory").
// Packages stay in node_modules (not bundled); `npm run dev` and the tests still run the sources.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { isOlderThanSources } from './source-freshness.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
export const SERVER_BUILD = join(root, 'server/dist/main.mjs')
const sources = ['server/src', 'common', 'tsconfig.json', 'tsconfig.base.json', 'package-lock.json']

/** Builds when stale (well under a second); the path of the compiled server. */
export async function ensureServerBuild() {
  if (!isOlderThanSources(SERVER_BUILD, root, sources)) return SERVER_BUILD
  // Loaded only to build: the running server does not keep esbuild in its memory.
  const { build } = await import('esbuild')
  const { outputFiles } = await build({
    absWorkingDir: root,
    entryPoints: ['server/src/main.ts'],
    outfile: SERVER_BUILD,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages are imported from node_modules at run time, as with tsx.
    packages: 'external',
    tsconfig: 'tsconfig.json',
    // A map beside the file, read only under NODE_OPTIONS=--enable-source-maps: inline, V8 kept
    // the map in the module's source, about 30 MB of RSS.
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  })
  // Written aside and renamed: a second start (or a test) importing it meanwhile reads a whole file.
  mkdirSync(dirname(SERVER_BUILD), { recursive: true })
  for (const file of outputFiles) {
    const aside = `${file.path}.${process.pid}.tmp`
    writeFileSync(aside, file.contents)
    renameSync(aside, file.path)
  }
  return SERVER_BUILD
}
