import type { z } from 'zod'

/**
 * Walks a zod request schema the way a caller sees it (the input side of pipes and transforms)
 * and lists its fields, so tests can be generated from the schemas a route declares instead of
 * hand lists: every string field with its ceiling, and every unbounded string, array or map.
 */
export interface SchemaField {
  /** Where the field sits; array items are at index 0. */
  path: Array<string | number>
  kind: 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'object' | 'other'
  /** For strings and arrays: the largest length accepted, or null when unbounded. */
  maxLength: number | null
}

interface ZodInternals {
  _zod: {
    def: Record<string, unknown> & {
      type: string
      checks?: Array<{ _zod: { def: Record<string, unknown> } }>
    }
  }
}

export function schemaFields(schema: z.ZodType): SchemaField[] {
  const fields: SchemaField[] = []
  walk(schema as unknown as ZodInternals, [], fields, 0)
  return fields
}

/** Fields whose size nothing bounds: the ones docs/decisions/0016 §3 forbids. */
export function unboundedFields(schema: z.ZodType): string[] {
  return schemaFields(schema)
    .filter((field) => (field.kind === 'string' || field.kind === 'array') && field.maxLength === null)
    .map((field) => `${field.kind} ${field.path.join('.') || '(root)'}`)
}

/** A body holding `value` at `path` (arrays get one item), for sending one bad field alone. */
export function bodyWith(path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path
  return typeof head === 'number' ? [bodyWith(rest, value)] : { [head as string]: bodyWith(rest, value) }
}

function maxOf(schema: ZodInternals): number | null {
  for (const check of schema._zod.def.checks ?? []) {
    const def = check._zod.def
    if (def.check === 'max_length' && typeof def.maximum === 'number') return def.maximum
  }
  return null
}

function walk(schema: ZodInternals, path: Array<string | number>, out: SchemaField[], depth: number): void {
  if (depth > 20) return
  const def = schema._zod.def
  const inner = (key: string) => def[key] as ZodInternals
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(inner('innerType'), path, out, depth + 1)
      return
    case 'pipe':
      // What the caller sends is the pipe's input; a transform's output is ours.
      walk(inner('in'), path, out, depth + 1)
      return
    case 'string':
      out.push({ path, kind: 'string', maxLength: maxOf(schema) })
      return
    case 'number':
    case 'int':
      out.push({ path, kind: 'number', maxLength: null })
      return
    case 'boolean':
      out.push({ path, kind: 'boolean', maxLength: null })
      return
    case 'enum':
    case 'literal':
      out.push({ path, kind: 'enum', maxLength: null })
      return
    case 'array':
      out.push({ path, kind: 'array', maxLength: maxOf(schema) })
      walk(inner('element'), [...path, 0], out, depth + 1)
      return
    case 'object': {
      out.push({ path, kind: 'object', maxLength: null })
      const shape = def.shape as Record<string, ZodInternals>
      for (const [key, value] of Object.entries(shape)) walk(value, [...path, key], out, depth + 1)
      return
    }
    case 'union': {
      // The bound of a union is its loosest option's.
      const options = def.options as ZodInternals[]
      const found: SchemaField[] = []
      for (const option of options) walk(option, path, found, depth + 1)
      const strings = found.filter((f) => f.kind === 'string' && f.path.length === path.length)
      if (strings.length) {
        const maxima = strings.map((f) => f.maxLength)
        out.push({
          path,
          kind: 'string',
          maxLength: maxima.includes(null) ? null : Math.max(...(maxima as number[])),
        })
      } else out.push(...found)
      return
    }
    case 'record':
      // A map of free keys: bounded only by the body size, so it counts as unbounded.
      out.push({ path, kind: 'array', maxLength: null })
      return
    default:
      out.push({ path, kind: 'other', maxLength: null })
  }
}
