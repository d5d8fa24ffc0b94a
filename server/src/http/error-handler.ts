import type { FastifyError, FastifyInstance } from 'fastify'
import { AppError } from '../lib/errors.ts'

/**
 * The single error handler. Typed application errors keep their status; Fastify's own
 * client errors (malformed JSON, oversized body, …) become a 4xx naming the body; anything
 * else is a bug: logged in full with the request id, answered with a generic 500.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).headers(error.headers).send({ error: error.message })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // An oversized body is never read, so only its declared size is logged (docs/decisions/0016 §3).
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        request.log.warn(
          { url: request.url.split('?')[0], bytes: Number(request.headers['content-length'] ?? 0) || null },
          'refused request body: over the route limit',
        )
      }
      return reply.code(status).send({ error: describeClientError(error) })
    }
    request.log.error({ err: error, reqId: request.id }, 'unhandled error')
    return reply.code(500).send({ error: `Internal server error (request ${request.id})` })
  })
}

function describeClientError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'body: must not be empty when Content-Type is application/json'
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body: too large'
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'body: must be JSON (Content-Type: application/json)'
    default:
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
        return 'body: malformed JSON'
      }
      return error.message
  }
}
