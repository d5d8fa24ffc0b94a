// `npm start`: build the web client if needed, then run the server in this same process
// (one PID owns it, so signals and graceful shutdown behave as with `node server/src/main.ts`).
import { register } from 'tsx/esm/api'
import { ensureWebBuild } from './web-build.mjs'

ensureWebBuild()
register()
await import('../server/src/main.ts')
