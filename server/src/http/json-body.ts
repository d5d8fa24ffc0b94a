import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ValidationError } from '../lib/errors.ts'
import { loggableRawHead } from './logged-body.ts'

/**
 * Body ceilings per route family (docs/decisions/0016 §3). A body over its route's ceiling is a 413 before
 * it is parsed. The dashboard's largest real body (a lead analysis) is a few kilobytes, Yelp's
 * webhook a few hundred bytes per update; GHL's outbound message may carry an HTML copy.
 */
export const BODY_LIMITS = {
  api: 1024 * 1024,
  yelpWebhook: 512 * 1024,
  ghlReply: 1024 * 1024,
} as const

/** No request we accept nests deeper than this; Yelp's deepest payload is about 6 levels. */
export const MAX_JSON_DEPTH = 32

export const TOO_DEEP_MESSAGE = `body: nested deeper than ${MAX_JSON_DEPTH} levels`

/**
 * True when JSON text nests arrays/objects deeper than `limit`. A single pass over the text that
 * never recurses, so a 200,000-level array costs a loop, not the stack: it runs before parsing,
 * and everything after it (NUL checks, jsonb storage, logging) only ever sees sane depths.
 */
export function exceedsJsonDepth(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 0x5c)
        i++ // a backslash escapes the next character
      else if (code === 0x22) inString = false
      continue
    }
    if (code === 0x22) inString = true
    else if (code === 0x7b || code === 0x5b) {
      depth++
      if (depth > limit) return true
    } else if (code === 0x7d || code === 0x5d) depth--
  }
  return false
}

/**
 * Logs a refused body by its size and first characters, scrubbed of secrets (none at all for a
 * sign-in): never the whole of it.
 */
export function logRefusedBody(request: FastifyRequest, reason: string, text: string): void {
  request.log.warn(
    {
      url: request.url.split('?')[0],
      bytes: Buffer.byteLength(text),
      head: loggableRawHead(request, text, 200),
    },
    `refused request body: ${reason}`,
  )
}

/**
 * The app's JSON parser: Fastify's own (prototype and constructor keys are refused), behind the
 * depth check above.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body)
    if (exceedsJsonDepth(text)) {
      logRefusedBody(request, TOO_DEEP_MESSAGE, text)
      done(new ValidationError(TOO_DEEP_MESSAGE), undefined)
      return
    }
    parseJson(request, text, done)
  })
}
