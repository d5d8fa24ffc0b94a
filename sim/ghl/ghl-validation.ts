import { unprocessable } from './ghl-errors.ts'

/**
 * GHL's API is NestJS with class-validator (`whitelist` + `forbidNonWhitelisted`): unknown
 * properties answer 422 `["property X should not exist"]` (docs/providers/ghl.md §7, issue #262) and type errors
 * answer 422 with class-validator's messages. Unknown properties are reported first, as
 * class-validator checks the whitelist before the properties.
 */
export type FieldRule =
  | { type: 'string'; required?: boolean; nullable?: boolean; email?: boolean }
  | { type: 'enum'; values: readonly string[]; required?: boolean }
  | { type: 'boolean'; required?: boolean }
  | { type: 'number'; required?: boolean }
  | { type: 'stringArray'; required?: boolean }
  | { type: 'array'; required?: boolean }
  | { type: 'object'; required?: boolean }
  | { type: 'any'; required?: boolean }

export type Dto = Record<string, FieldRule>

export type Body = Record<string, unknown>

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function asBody(value: unknown): Body {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Body) : {}
}

/** Returns the body when valid; throws the 422 GHL would answer otherwise. */
export function validateDto(raw: unknown, dto: Dto): Body {
  const body = asBody(raw)
  const messages: string[] = []
  for (const key of Object.keys(body)) {
    if (!(key in dto)) messages.push(`property ${key} should not exist`)
  }
  for (const [key, rule] of Object.entries(dto)) {
    const message = checkField(key, body[key], rule)
    if (message) messages.push(message)
  }
  if (messages.length > 0) throw unprocessable(messages)
  return body
}

function checkField(key: string, value: unknown, rule: FieldRule): string | null {
  if (value === undefined || value === '') {
    return rule.required ? `${key} should not be empty` : null
  }
  switch (rule.type) {
    case 'string':
      if (value === null && rule.nullable) return null
      if (typeof value !== 'string') return `${key} must be a string`
      if (rule.email && !EMAIL.test(value)) return `${key} must be an email`
      return null
    case 'enum':
      return typeof value === 'string' && rule.values.includes(value)
        ? null
        : `${key} must be one of the following values: ${rule.values.join(', ')}`
    case 'boolean':
      return typeof value === 'boolean' ? null : `${key} must be a boolean value`
    case 'number':
      return typeof value === 'number' && Number.isFinite(value)
        ? null
        : `${key} must be a number conforming to the specified constraints`
    case 'stringArray':
      if (!Array.isArray(value)) return `${key} must be an array`
      return value.every((item) => typeof item === 'string') ? null : `each value in ${key} must be a string`
    case 'array':
      return Array.isArray(value) ? null : `${key} must be an array`
    case 'object':
      return value && typeof value === 'object' && !Array.isArray(value) ? null : `${key} must be an object`
    case 'any':
      return null
  }
}

/** Optional string field of an already validated body. */
export function str(body: Body, key: string): string | undefined {
  const value = body[key]
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** Query-string parameter, which Fastify gives as string or string[]. */
export function queryParam(query: unknown, key: string): string | undefined {
  const value = asBody(query)[key]
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** A required query parameter; its absence is a class-validator 422 like a body field. */
export function requiredQuery(query: unknown, key: string): string {
  const value = queryParam(query, key)
  if (value === undefined) throw unprocessable([`${key} should not be empty`])
  return value
}
