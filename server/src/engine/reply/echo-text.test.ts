import { describe, expect, it } from 'vitest'
import { echoText, isSameReplyText } from './echo-text.ts'

describe('echoText', () => {
  it.each([
    ['line breaks and double spaces', 'Hi Sam,\n\nthanks  for asking!', 'Hi Sam, thanks for asking!'],
    ['Windows line breaks and a trailing space', 'Hi Sam,\r\nthanks ', 'Hi Sam, thanks'],
    ['a no-break space', 'Hi\u00a0Sam', 'Hi Sam'],
    ['a zero-width space', 'Hi\u200b Sam', 'Hi Sam'],
    ['a composed and a decomposed accent', 'Caf\u0065\u0301', 'Caf\u00e9'],
  ])('%s compare equal', (_name, listed, written) => {
    expect(isSameReplyText(listed, written)).toBe(true)
  })

  it('keeps the words, their order and their case', () => {
    expect(isSameReplyText('Hi Sam', 'hi Sam')).toBe(false)
    expect(isSameReplyText('Sam Hi', 'Hi Sam')).toBe(false)
    expect(echoText('  a \t b  ')).toBe('a b')
  })
})
