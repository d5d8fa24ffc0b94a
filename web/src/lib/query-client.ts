import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query'
import { throwIfResNotOk } from './api-client.ts'

/** What a default query does with a 401: yield `null` (no value) or fail like any other error. */
export type UnauthorizedBehavior = 'returnNull' | 'throw'

type QueryParams = Record<string, string | number | boolean | null | undefined>

/**
 * The URL a query key stands for. The first element is the URL (docs/spec/dashboard-spec.md §7); following string or
 * number elements are appended as encoded path segments, and a plain object becomes the query
 * string (empty values skipped), so every input of a query lives in its key.
 */
export function urlFromQueryKey(queryKey: QueryKey): string {
  const [base, ...rest] = queryKey
  if (typeof base !== 'string') throw new Error('The first element of a query key must be its URL')
  let path = base
  const search = new URLSearchParams()
  for (const part of rest) {
    if (typeof part === 'string' || typeof part === 'number') {
      path += `/${encodeURIComponent(String(part))}`
    } else if (part && typeof part === 'object') {
      for (const [name, value] of Object.entries(part as QueryParams)) {
        if (value !== undefined && value !== null && value !== '') search.append(name, String(value))
      }
    }
  }
  const query = search.toString()
  return query ? `${path}?${query}` : path
}

export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(urlFromQueryKey(queryKey), { credentials: 'include', signal })
    if (options.on401 === 'returnNull' && res.status === 401) return null
    await throwIfResNotOk(res)
    return (await res.json()) as T
  }
}

/** Queries load once and stay: no automatic refetch, never stale, no retries (docs/spec/dashboard-spec.md §7). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}
