import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ResponseShapeError } from './api-client.ts'
import { parseListResponse } from './sliced-parse.ts'

const item = z.object({ id: z.number(), name: z.string().default('?') })
const list = z.array(item)
const call = { method: 'GET' as const, url: '/api/things' }
const answer = (body: unknown) => new Response(JSON.stringify(body))

describe('a list body checked in slices', () => {
  it('gives what one parse of the whole list gives, over several slices', async () => {
    const body = Array.from({ length: 60 }, (_, id) => (id % 2 ? { id } : { id, name: `n${id}` }))
    expect(await parseListResponse(answer(body), list, call)).toEqual(list.parse(body))
  })

  it('names a drifted item by its index, as the whole-list parse would', async () => {
    const body = Array.from({ length: 60 }, (_, id) => ({ id: id === 42 ? 'x' : id }))
    const error = await parseListResponse(answer(body), list, call).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ResponseShapeError)
    expect((error as ResponseShapeError).issues.map((i) => i.path)).toEqual([[42, 'id']])
  })

  it('refuses a body that is not a list', async () => {
    await expect(parseListResponse(answer({ id: 1 }), list, call)).rejects.toBeInstanceOf(ResponseShapeError)
    await expect(parseListResponse(new Response('<html>'), list, call)).rejects.toThrow('not JSON')
  })
})
