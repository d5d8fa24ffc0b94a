import { ValidationError } from '../../lib/errors.ts'
import type { InboxPosition } from '../../repositories/lead-inbox.repository.ts'

// The `cursor` of GET /api/leads (docs/spec/product.md §6.1): opaque to callers; inside, the last
// lead's activity time (to the microsecond) and id, the keys of the list's order. Keyset paging
// never overlaps or skips a lead while new ones arrive at the top.

// `infinity`: the position of a lead that does not wait, in the `sort=waiting` order.
const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$|^infinity$/

export function encodeCursor(position: InboxPosition): string {
  return Buffer.from(JSON.stringify([position.time, position.id])).toString('base64url')
}

export function decodeCursor(cursor: string): InboxPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (Array.isArray(value) && value.length === 2) {
      const [time, id] = value
      if (typeof time === 'string' && TIME.test(time) && Number.isSafeInteger(id) && id > 0) {
        return { time, id: id as number }
      }
    }
  } catch {
    // Falls through to the 400.
  }
  throw new ValidationError('cursor: is not a cursor this server issued')
}
