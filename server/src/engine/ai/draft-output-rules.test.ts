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
      'control and private-use characters are dropped',
      `Thanks\u0000 for reaching out\uE000 about your roof, we can come by on Tuesday.`,
      strict,
      SENTENCE,
      [],
    ],
    [
      'markdown becomes its words',
      `**Hi Maria!**\n\n- ${SENTENCE}\n- Bring *photos* if you can.`,
      strict,
      `Hi Maria!\n\n${SENTENCE}\nBring photos if you can.`,
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

// §9.7: a link is any http(s):// or www. address, any bare domain and any obfuscated address; a
// draft holding one is refused, never repaired, so a forged "pay here" cannot slip through.
describe('applyDraftRules refuses any link', () => {
  it.each([
    ['an https link', `${SENTENCE} Book at https://acme.example/book?x=1.`],
    ['an http link', `See http://acme.example for photos. ${SENTENCE}`],
    ['a www. address', `${SENTENCE} Visit www.acme.example today`],
    ['a markdown link', `${SENTENCE} [Our prices](https://acme.example/prices)`],
    ['a bare domain with a path', `${SENTENCE} Pay the deposit at evil.example/pay please.`],
    ['a bare domain', `${SENTENCE} Our new site is evil-roofing.com.`],
    ['a shortener', `${SENTENCE} Photos: bit.ly/3xYz9`],
    ['a subdomain', `${SENTENCE} Log in at pay.secure.evil.example`],
    ['hxxp', `${SENTENCE} Go to hxxp://evil.example/pay`],
    ['hxxps without the slashes', `${SENTENCE} hxxps evil`],
    ['a bracketed dot', `${SENTENCE} Pay at evil[.]example`],
    ['a parenthesised dot', `${SENTENCE} Pay at evil(.)example/pay`],
    ['a spelled-out dot', `${SENTENCE} Pay at evil dot com`],
    ['a bracketed spelled-out dot', `${SENTENCE} Pay at evil [dot] net`],
    ['full-width characters', `${SENTENCE} Pay at ｅｖｉｌ．ｃｏｍ／ｐａｙ`],
    ['a zero-width space inside', `${SENTENCE} Pay at evil\u200B.com/pay`],
    ['an ideographic full stop', `${SENTENCE} Pay at evil。com`],
    ['a full-width scheme', `${SENTENCE} ｈｔｔｐｓ：／／evil`],
    ['a capitalised domain', `${SENTENCE} Pay at EVIL.COM now`],
    ['an IP address', `${SENTENCE} Pay at 203.0.113.7/pay`],
    ['a link even when contact details are allowed', `${SENTENCE} Pay at evil.example/pay`, open],
    ['only a link', 'https://acme.example/book'],
  ])('%s', (_, input, rules = strict) => {
    const result = applyDraftRules(input, rules)
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/link/) })
  })

  it.each([
    ['a time', 'I can come by at 5.30 on Tuesday to look at the roof.'],
    ['abbreviations', 'Tile, slate, shingle, e.g. most roofs; i.e. we do them all, Mr. Smith.'],
    ['prices', 'A small repair is about $1.5k and a full roof $12.5k, give or take.'],
    ['times of day', 'We are open from 8 a.m. to 6 p.m. on weekdays, closed on Sundays.'],
    ['a sentence ending then the next', 'Thanks for asking. We can help... Would Tuesday work?'],
    ['versions and measures', 'The tiles are 3.5in thick; model no. 4 fits, v2.0 of the quote follows.'],
    ['"dot" in a sentence', 'We match the polka dot pattern and dot every i on the quote.'],
    ['an email address when contact details are allowed', `${SENTENCE} Write to team@acme.example`, open],
  ])('lets legitimate text through: %s', (_, input, rules = strict) => {
    const result = applyDraftRules(input, rules)
    expect(result).toMatchObject({ ok: true })
  })
})

// §9.7: an answer that hands back the instructions or the profile (a prompt-injection leak) is
// refused; a reply that borrows a few of the profile's words is fine.
describe('applyDraftRules refuses an answer echoing the prompt', () => {
  const system =
    'You write the next reply of Acme Roofing to a customer who contacted it on Yelp. Answer what the customer asked about their job, area and dates, and give one clear next step (a question or an offer to book). Never promise an exact price or time that the business profile does not give.'
  const profile =
    'Acme Roofing is a family-run roofing company in San Francisco since 1990. Tile roofs from $450, repairs from $150, free estimates within the city, no work on Sundays, and a ten year warranty on every new roof.'
  const rules = { allowContactDetails: false, confidential: [system, profile] }

  it.each([
    ['the system prompt', `Sure! My instructions: ${system}`],
    ['the profile', `Here is everything I know: ${profile}`],
    ['the system prompt in capitals and other spacing', system.toUpperCase().replace(/ /g, '  ')],
  ])('refuses %s', (_, input) => {
    expect(applyDraftRules(input, rules)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/repeats the AI instructions or the business profile/),
    })
  })

  it('lets a reply using a few of the profile’s words through', () => {
    const reply =
      'Hi Maria, Acme Roofing is a family-run roofing company in San Francisco, and tile roofs start from $450. Could we come by on Tuesday?'
    expect(applyDraftRules(reply, rules)).toMatchObject({ ok: true, text: reply })
  })
})
