// `npm install` ends by preparing what the first `npm start` would otherwise do itself, so that
// start is quick (the aim is 5 s at most on an empty data folder; bench/RESULTS.md "first run,
// idle memory"): the web build, and the embedded database's template
// (server/src/db/pglite-template.ts). Neither may fail the install: a
// failure is one line, and `npm start` then does the same work itself, only more slowly.
import { buildWebIfStale } from './web-build.mjs'

if (!buildWebIfStale()) {
  console.warn('postinstall: the web client build failed (errors above); `npm start` will build it.')
}

try {
  const { register } = await import('tsx/esm/api')
  register()
  const { ensurePgliteTemplate } = await import('../server/src/db/pglite-template.ts')
  ensurePgliteTemplate()
} catch (error) {
  console.warn(
    `postinstall: the embedded database template was not built (${error instanceof Error ? error.message : error}); ` +
      'the first `npm start` builds it, more slowly.',
  )
}
