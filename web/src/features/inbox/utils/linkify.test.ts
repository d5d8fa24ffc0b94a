import { describe, expect, it } from 'vitest'
import { linkify } from './linkify.ts'

describe('linkify (docs/spec/dashboard-spec.md §5)', () => {
  it.each([
    ['Mail me at sam@example.com please', ['text', 'email', 'text'], 'mailto:sam@example.com'],
    ['Call (415) 555-0101 today', ['text', 'phone', 'text'], 'tel:+14155550101'],
    ['+1 415.555.0101', ['phone'], 'tel:+14155550101'],
    ['4155550101', ['phone'], 'tel:+14155550101'],
    ['order 123456789012 is not a phone', ['text'], undefined],
    ['<script>alert(1)</script>', ['text'], undefined],
  ])('%s', (text, kinds, href) => {
    const parts = linkify(text)
    expect(parts.map((p) => p.kind)).toEqual(kinds)
    expect(parts.map((p) => p.text).join('')).toBe(text)
    const link = parts.find((p) => p.kind !== 'text')
    expect(link && 'href' in link ? link.href : undefined).toBe(href)
  })
})
