import { STATUS_CODES } from 'node:http'

/**
 * GHL's error bodies, from the official `common-schemas.json` (docs/providers/ghl.md "Standard error bodies"):
 * 400 `{statusCode, message}`, 401 `{statusCode, message, error: "Unauthorized"}`,
 * 422 `{statusCode, message: string[], error: "Unprocessable Entity"}`.
 */
export class GhlError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown> | null,
  ) {
    super(typeof body?.message === 'string' ? body.message : `GHL ${status}`)
  }
}

export const INVALID_TOKEN_MESSAGE = 'Invalid token: access token is invalid'

export function badRequest(message: string, extra: Record<string, unknown> = {}): GhlError {
  return new GhlError(400, { statusCode: 400, message, ...extra })
}

export function unauthorized(message: string = INVALID_TOKEN_MESSAGE): GhlError {
  return new GhlError(401, { statusCode: 401, message, error: 'Unauthorized' })
}

/** Not in common-schemas; NestJS's ForbiddenException shape, which GHL's other errors follow. */
export function forbidden(message: string): GhlError {
  return new GhlError(403, { statusCode: 403, message })
}

export function unprocessable(messages: string[]): GhlError {
  return new GhlError(422, { statusCode: 422, message: messages, error: 'Unprocessable Entity' })
}

/** docs/providers/ghl.md §10: the 429 body is not documented; this is the shape of GHL's other errors. */
export function tooManyRequests(): GhlError {
  return new GhlError(429, { statusCode: 429, message: 'Too Many Requests' })
}

/** docs/providers/ghl.md §9 issue #6: a wrong conversationProviderId answers 500. */
export function internalError(): GhlError {
  return new GhlError(500, { statusCode: 500, message: 'Internal server error' })
}

/** A location the token may not use (docs/providers/simulators.md "token for another location → 403 (inferred)"). */
export function noLocationAccess(): GhlError {
  return forbidden('The token does not have access to this location.')
}

/**
 * The body of an injected fault given no `body` (SimServer `defaultFaultBody`): GHL's NestJS shape
 * `{statusCode, message}` with the status's reason phrase, and the simulator's own 500 text.
 */
export function ghlFaultBody(status: number): Record<string, unknown> {
  if (status === 500) return { statusCode: 500, message: 'Internal server error' }
  return { statusCode: status, message: STATUS_CODES[status] ?? `Injected ${status}` }
}
