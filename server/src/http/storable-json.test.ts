import { describe, expect, it } from 'vitest'
import { exceedsJsonDepth, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from './json-body.ts'
import { parseStorableJson, storableRawText } from './storable-json.ts'

describe('parseStorableJson', () => {
  it('parses JSON that PostgreSQL can store', () => {
    expect(parseStorableJson('{"a":[1,"x\\u0001"]}')).toEqual({ ok: true, value: { a: [1, 'x\u0001'] } })
  })

  it.each([
    ['', 'body: a JSON body is required'],
    ['  ', 'body: a JSON body is required'],
    ['{"a":', 'body: malformed JSON'],
    ['{"a":"\u0000"}', 'body: malformed JSON'],
    ['{"a":"x\\u0000"}', 'body: contains the character \\u0000, which is not accepted'],
    ['[{"deep":{"list":["ok","\\u0000"]}}]', 'body: contains the character \\u0000, which is not accepted'],
    ['{"key\\u0000":1}', 'body: contains the character \\u0000, which is not accepted'],
  ])('refuses %j', (text, error) => {
    expect(parseStorableJson(text)).toEqual({ ok: false, error })
  })

  it('refuses nesting past the limit without recursing, even 200,000 levels deep', () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`
    expect(parseStorableJson(deep(200_000))).toEqual({ ok: false, error: TOO_DEEP_MESSAGE })
    expect(parseStorableJson(deep(MAX_JSON_DEPTH + 1))).toEqual({ ok: false, error: TOO_DEEP_MESSAGE })
    expect(parseStorableJson(deep(MAX_JSON_DEPTH)).ok).toBe(true)
    // Brackets inside strings are text, not nesting.
    expect(parseStorableJson(JSON.stringify({ a: '['.repeat(1000) })).ok).toBe(true)
    expect(exceedsJsonDepth(JSON.stringify({ a: '\\"[[[[' }), 1)).toBe(false)
  })

  it('finds a NUL in a wide array without overflowing the stack', () => {
    const wide = JSON.stringify([...Array(300_000).fill('x'), 'a\u0000'])
    expect(parseStorableJson(wide).ok).toBe(false)
  })

  it('keeps an escaped backslash followed by u0000 (that is text, not the character)', () => {
    expect(parseStorableJson('{"a":"\\\\u0000"}')).toEqual({ ok: true, value: { a: '\\u0000' } })
  })
})

describe('storableRawText', () => {
  it('cuts the text and shows U+0000 as U+FFFD', () => {
    expect(storableRawText('a\u0000b', 10)).toBe('a\uFFFDb')
    expect(storableRawText('abcdef', 3)).toBe('abc')
  })
})
