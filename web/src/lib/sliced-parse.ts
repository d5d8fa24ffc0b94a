import type { z } from 'zod'
import { type HttpMethod, ResponseShapeError } from './api-client.ts'

/** Items checked between two yields: a few milliseconds of work even on a slow, busy machine. */
const ITEMS_PER_SLICE = 25

/**
 * parseResponse for a list body (`z.array(item)`, its contract in common/), checked item by item
 * in slices with the main thread given back between them. One `safeParse` of a 200-lead page
 * (~370 KB with events) takes 10–60 ms: a long task that stalls scrolling the moment the page
 * arrives (docs/decisions/0010, "Long lists"). Same schema, same errors, same result; only the
 * work is spread out.
 */
export async function parseListResponse<I extends z.ZodType>(
  res: Response,
  listSchema: z.ZodArray<I>,
  call: { method: HttpMethod; url: string },
): Promise<z.output<I>[]> {
  let body: unknown
  try {
    body = await res.json()
  } catch {
    throw new ResponseShapeError(call.method, call.url, [
      { code: 'custom', path: [], message: 'the body is not JSON', input: undefined },
    ])
  }
  if (!Array.isArray(body)) {
    const parsed = listSchema.safeParse(body)
    if (!parsed.success) throw new ResponseShapeError(call.method, call.url, parsed.error.issues)
    return parsed.data
  }
  const items: z.output<I>[] = []
  const issues: z.core.$ZodIssue[] = []
  for (let start = 0; start < body.length; start += ITEMS_PER_SLICE) {
    if (start > 0) await yieldToMain()
    for (let index = start; index < Math.min(body.length, start + ITEMS_PER_SLICE); index++) {
      const parsed = listSchema.element.safeParse(body[index])
      if (parsed.success) items.push(parsed.data)
      else issues.push(...parsed.error.issues.map((issue) => ({ ...issue, path: [index, ...issue.path] })))
    }
  }
  if (issues.length) throw new ResponseShapeError(call.method, call.url, issues)
  return items
}

/** `scheduler.yield()` where the browser has it (it resumes ahead of other tasks), else a macrotask. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
