// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { ApiError, apiJson, apiRequest, ResponseShapeError, serverMessageOf } from '@/lib/api-client.ts'
import { getQueryFn, urlFromQueryKey } from '@/lib/query-client.ts'

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response())
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('apiRequest errors (docs/spec/dashboard-spec.md §8)', () => {
  it.each([
    {
      name: 'JSON error body',
      status: 401,
      statusText: 'Unauthorized',
      body: '{"error":"Invalid credentials"}',
      message: '401: {"error":"Invalid credentials"}',
      serverMessage: 'Invalid credentials',
    },
    {
      name: 'plain text body',
      status: 502,
      statusText: 'Bad Gateway',
      body: 'GHL is down',
      message: '502: GHL is down',
      serverMessage: undefined,
    },
    {
      name: 'empty body falls back to the status text',
      status: 500,
      statusText: 'Internal Server Error',
      body: '',
      message: '500: Internal Server Error',
      serverMessage: undefined,
    },
  ])('$name', async ({ status, statusText, body, message, serverMessage }) => {
    stubFetch(() => new Response(body, { status, statusText }))
    const error = await apiRequest('GET', '/api/stats').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).message).toBe(message)
    expect((error as ApiError).status).toBe(status)
    expect(serverMessageOf(error)).toBe(serverMessage)
  })

  it('resolves with the response when it is OK', async () => {
    stubFetch(() => new Response('{"ok":true}', { status: 200 }))
    const res = await apiRequest('POST', '/api/auth/logout')
    expect(await res.json()).toEqual({ ok: true })
  })
})

describe('apiRequest request shape (docs/spec/dashboard-spec.md §7)', () => {
  it('sends cookies and no JSON headers or body without a payload', async () => {
    const fetchMock = stubFetch(() => new Response('{}'))
    await apiRequest('DELETE', '/api/clients/acme')
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/clients/acme')
    expect(init).toMatchObject({
      method: 'DELETE',
      credentials: 'include',
      body: undefined,
      headers: undefined,
    })
  })

  it('sends a JSON body with its content type when there is a payload', async () => {
    const fetchMock = stubFetch(() => new Response('{}'))
    await apiRequest('POST', '/api/auth/login', { username: 'admin', password: 'pw' })
    const [, init] = fetchMock.mock.calls[0]!
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"admin","password":"pw"}',
    })
  })
})

describe('default query function (docs/spec/dashboard-spec.md §7)', () => {
  it.each([
    { key: ['/api/stats'], url: '/api/stats' },
    { key: ['/api/clients', 'acme co', 'ghl'], url: '/api/clients/acme%20co/ghl' },
    { key: ['/api/leads', { clientId: 'acme', status: undefined, q: '' }], url: '/api/leads?clientId=acme' },
  ])('GETs $url for key $key', async ({ key, url }) => {
    expect(urlFromQueryKey(key)).toBe(url)
  })

  it('yields null on 401 when configured to', async () => {
    stubFetch(() => new Response('{"error":"Not signed in"}', { status: 401, statusText: 'Unauthorized' }))
    const queryFn = getQueryFn<{ user: unknown }>({ on401: 'returnNull' })
    await expect(queryFn({ queryKey: ['/api/auth/me'] } as never)).resolves.toBeNull()
  })

  it('throws an ApiError on 401 by default', async () => {
    stubFetch(() => new Response('{"error":"Not signed in"}', { status: 401, statusText: 'Unauthorized' }))
    const queryFn = getQueryFn<{ user: unknown }>({ on401: 'throw' })
    await expect(queryFn({ queryKey: ['/api/auth/me'] } as never)).rejects.toThrow(
      '401: {"error":"Not signed in"}',
    )
  })

  it('parses the JSON of an OK answer', async () => {
    const fetchMock = stubFetch(() => new Response('{"activeClients":3}'))
    const queryFn = getQueryFn<{ activeClients: number }>({ on401: 'throw' })
    await expect(queryFn({ queryKey: ['/api/stats'] } as never)).resolves.toEqual({ activeClients: 3 })
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ credentials: 'include' })
  })
})

describe('apiJson: OK answers parsed with their contract', () => {
  const contract = z.object({ clientId: z.string(), yelp: z.object({ connected: z.boolean() }) })

  it('answers the parsed body when it matches', async () => {
    stubFetch(() => new Response('{"clientId":"acme","yelp":{"connected":true},"extra":1}'))
    await expect(apiJson('GET', '/api/clients/acme', contract)).resolves.toEqual({
      clientId: 'acme',
      yelp: { connected: true },
    })
  })

  it.each([
    {
      name: 'a missing field',
      body: '{"yelp":{"connected":true}}',
      message:
        'Unexpected response from GET /api/clients/acme: clientId: Invalid input: expected string, received undefined',
    },
    {
      name: 'a retyped nested field',
      body: '{"clientId":"acme","yelp":{"connected":"yes"}}',
      message:
        'Unexpected response from GET /api/clients/acme: yelp.connected: Invalid input: expected boolean, received string',
    },
    {
      name: 'a body that is not JSON',
      body: '<html>',
      message: 'Unexpected response from GET /api/clients/acme: (body): the body is not JSON',
    },
  ])('throws a ResponseShapeError naming the call and the field for $name', async ({ body, message }) => {
    stubFetch(() => new Response(body, { status: 200 }))
    const error = await apiJson('GET', '/api/clients/acme', contract).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseShapeError)
    expect((error as ResponseShapeError).message).toBe(message)
    expect(serverMessageOf(error)).toBeUndefined()
  })

  it('names the first three problems and counts the rest', async () => {
    stubFetch(() => new Response('[{},{}]'))
    const list = z.array(contract)
    const error = (await apiJson('GET', '/api/clients', list).catch((e: unknown) => e)) as ResponseShapeError
    expect(error.issues).toHaveLength(4)
    expect(error.message).toMatch(
      /^Unexpected response from GET \/api\/clients: 0\.clientId: .+; 0\.yelp: .+; 1\.clientId: .+ \(and 1 more\)$/,
    )
  })

  it('still turns a non-OK answer into an ApiError before parsing', async () => {
    stubFetch(
      () => new Response('{"error":"Client acme not found"}', { status: 404, statusText: 'Not Found' }),
    )
    const error = await apiJson('GET', '/api/clients/acme', contract).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(serverMessageOf(error)).toBe('Client acme not found')
  })
})
