import { describe, expect, it } from 'vitest'
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
