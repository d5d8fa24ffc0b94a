import { NEXT_CURSOR_HEADER, type Page, TOTAL_COUNT_HEADER } from '@common/list-query.ts'
import type { z } from 'zod'
import { apiRequest, parseResponse } from './api-client.ts'

/** Query parameters of a list, empty values left out. */
export function searchOf(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.append(name, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/**
 * One page of a paged list (docs/spec/product.md §6): the body parsed with its `common/` schema, the cursor
 * and the total from the `X-Next-Cursor` and `X-Total-Count` headers.
 */
export async function fetchPage<S extends z.ZodType<unknown[]>>(
  url: string,
  schema: S,
  signal?: AbortSignal,
): Promise<Page<z.output<S>[number]>> {
  const res = await apiRequest('GET', url, undefined, { signal })
  const items = (await parseResponse(res, schema, { method: 'GET', url })) as z.output<S>[number][]
  return {
    items,
    nextCursor: res.headers.get(NEXT_CURSOR_HEADER),
    totalCount: Number(res.headers.get(TOTAL_COUNT_HEADER) ?? items.length),
  }
}
