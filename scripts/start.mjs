// `npm start`: build the web client if needed (in a child process, whose memory is returned when
// it exits) and compile the server if needed (scripts/server-build.mjs), then run the compiled
// server in this same process (one PID owns it, so signals and graceful shutdown behave as with
// `node server/src/main.ts`).

import { pathToFileURL } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { requireSupportedNode } from './node-version.mjs'
import { ensureServerBuild } from './server-build.mjs'
import { ensureWebBuild } from './web-build.mjs'

requireSupportedNode()
// A small young generation: the idle server allocates little, and V8's default 16 MB semi-spaces
// kept about 40 MB of RSS that only a burst would use (bench/RESULTS.md, "Idle memory"). `npm
// start` passes the flag on node's command line too: set only from here, after V8 has started,
// a first start still grew its new space to 32 MB (bench/RESULTS.md, "2026-11-25 ingest").
setFlagsFromString('--max-semi-space-size=2')
ensureWebBuild()
await import(pathToFileURL(await ensureServerBuild()).href)
