import { describe, expect, it } from 'vitest'
import { applyDraftRules, MAX_DRAFT_LENGTH } from './draft-output-rules.ts'

// The output rules of an AI draft (docs/spec/product.md §9.6, §9.7), one row per kind of answer.

const strict = { allowContactDetails: false }
const open = { allowContactDetails: true }
const SENTENCE = 'Thanks for reaching out about your roof, we can come by on Tuesday.'

describe('applyDraftRules', () => {
  it.each([
    ['plain text passes untouched', SENTENCE, strict, SENTENCE, []],
    [
      'control and private-use characters are dropped, a link beside them still goes',
      `Thanks\u0000 for reaching out\uE000 about your roof, we can come by on Tuesday. Book at www.acme.example.`,
      strict,
      `${SENTENCE} Book.`,
      ['links'],
    ],
    [
      'an https link is removed',
      `${SENTENCE} Book at https://acme.example/book?x=1.`,
      strict,
      `${SENTENCE} Book.`,
      ['links'],
    ],
    [
      'an http link is removed',
      `See http://acme.example for photos. ${SENTENCE}`,
      strict,
      `See for photos. ${SENTENCE}`,
      ['links'],
    ],
    [
      'a www. address is removed',
      `${SENTENCE} Visit www.acme.example today`,
      strict,
      `${SENTENCE} Visit today`,
      ['links'],
    ],
    [
      'markdown becomes its words',
      `**Hi Maria!**\n\n- ${SENTENCE}\n- Bring *photos* if you can.`,
      strict,
      `Hi Maria!\n\n${SENTENCE}\nBring photos if you can.`,
      ['markdown'],
    ],
    [
      'a markdown link keeps its label only',
      `${SENTENCE} [Our prices](https://acme.example/prices)`,
      strict,
      `${SENTENCE} Our prices`,
      ['markdown'],
    ],
    [
      'a phone number is removed',
      `${SENTENCE} Call (415) 555-0123.`,
      strict,
      `${SENTENCE} Call.`,
      ['contact_details'],
    ],
    [
      'an international number is removed',
      `${SENTENCE} Or +1 415 555 0123`,
      strict,
      SENTENCE,
      ['contact_details'],
    ],
    [
      'an email address is removed',
      `${SENTENCE} Write to team@acme.example`,
      strict,
      `${SENTENCE} Write`,
      ['contact_details'],
    ],
    [
      'contact details stay when the playbook allows them',
      `${SENTENCE} Call (415) 555-0123.`,
      open,
      `${SENTENCE} Call (415) 555-0123.`,
      [],
    ],
    [
      'prices, dates and years are not phone numbers',
      'A new tile roof starts at $4,500; we can start 12/05 (since 1990).',
      strict,
      'A new tile roof starts at $4,500; we can start 12/05 (since 1990).',
      [],
    ],
  ])('%s', (_, input, rules, expected, repairs) => {
    const result = applyDraftRules(input, rules)
    expect(result).toEqual({ ok: true, text: expected, repairs })
  })

  it('cuts 3,000 characters at a word boundary, at most 1,000', () => {
    const long = Array.from({ length: 600 }, (_, i) => `word${i % 10}`).join(' ')
    const result = applyDraftRules(long, strict)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.text.length).toBeLessThanOrEqual(MAX_DRAFT_LENGTH)
    expect(result.text.length).toBeGreaterThan(MAX_DRAFT_LENGTH - 10)
    expect(long.startsWith(result.text)).toBe(true)
    expect(long[result.text.length]).toBe(' ')
    expect(result.repairs).toEqual(['length'])
  })

  it.each([
    ['only a link', 'https://acme.example/book', /after removing links/],
    [
      'only a phone number and an email',
      '(415) 555-0123 team@acme.example',
      /after removing contact details/,
    ],
    ['nothing', '   ', /no usable text/],
    ['too short to say anything', 'Hi!', /no usable text/],
    ['no words', '!!! ??? ...', /no usable text/],
  ])('refuses %s, with the reason', (_, input, reason) => {
    const result = applyDraftRules(input, strict)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.reason).toMatch(reason)
  })
})
