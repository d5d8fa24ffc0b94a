import type { FastifyInstance, FastifyReply } from 'fastify'
import { ZodError } from 'zod'
import { CONTROL_PREFIX } from '../core/sim-server.ts'

/** docs/providers/yelp.md §1 "Errors": one shape everywhere, `{"error":{"code","description","field"?}}`. */
export interface YelpErrorBody {
  error: { code: string; description: string; field?: string }
}

export function yelpError(code: string, description: string, field?: string): YelpErrorBody {
  return { error: field ? { code, description, field } : { code, description } }
}

export function sendYelpError(
  reply: FastifyReply,
  status: number,
  code: string,
  description: string,
  field?: string,
): FastifyReply {
  return reply.code(status).send(yelpError(code, description, field))
}

/**
 * The token endpoints answer a different shape, `{"error":{"id","description","http_code"}}`
 * (docs/providers/yelp.md §4, documented on the deprecated partner refresh page; "assume similar on v2/v3").
 */
export interface TokenErrorBody {
  error: { id: string; description: string; http_code: number }
}

export function sendTokenError(reply: FastifyReply, status: number, id: string, description: string) {
  const body: TokenErrorBody = { error: { id, description, http_code: status } }
  return reply.code(status).send(body)
}

/** A control-API or helper failure: the control routes answer `{"error": message}` with `status`. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'ControlError'
  }
}

export function describeZodError(error: ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')
}

/**
 * Errors thrown anywhere (bad JSON, unsupported media type, a thrown ControlError) answer in the
 * shape of the side they happened on: Yelp's error shape for provider routes, `{error}` for control.
 */
export function installYelpErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const control = request.url.startsWith(`${CONTROL_PREFIX}/`)
    const status = statusOf(error)
    const message = error instanceof ZodError ? describeZodError(error) : messageOf(error)
    if (control) return reply.code(status).send({ error: message })
    if (status >= 500) return sendYelpError(reply, 500, 'INTERNAL_ERROR', 'Something went wrong internally.')
    // Yelp Fusion's code for malformed input; the Leads docs only say "400 validation".
    return sendYelpError(reply, status, 'VALIDATION_ERROR', message)
  })
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${CONTROL_PREFIX}/`)) {
      return reply
        .code(404)
        .send({ error: `No control route ${request.method} ${request.url.split('?')[0]}` })
    }
    return sendYelpError(reply, 404, 'NOT_FOUND', 'Resource could not be found.')
  })
}

function statusOf(error: unknown): number {
  if (error instanceof ControlError) return error.status
  if (error instanceof ZodError) return 400
  if (error && typeof error === 'object' && 'statusCode' in error && typeof error.statusCode === 'number') {
    return error.statusCode
  }
  return 500
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
