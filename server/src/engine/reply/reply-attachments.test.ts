import { describe, expect, it } from 'vitest'
import { yelpReplyText } from './reply-attachments.ts'

describe('yelpReplyText', () => {
  it.each<[string, string, unknown, string]>([
    ['no attachments', 'See you Monday.', [], 'See you Monday.'],
    ['no attachment list at all', 'See you Monday.', undefined, 'See you Monday.'],
    [
      'links after the text',
      'Quote:',
      ['https://a.example/q.pdf', 'http://b.example/x'],
      'Quote:\nhttps://a.example/q.pdf\nhttp://b.example/x',
    ],
    ['a photo alone', '', ['https://a.example/p.png'], 'https://a.example/p.png'],
    [
      'a space in a link, encoded',
      'Photo',
      [' https://a.example/roof photo.jpg '],
      'Photo\nhttps://a.example/roof%20photo.jpg',
    ],
  ])('%s', (_name, text, attachments, expected) => {
    expect(yelpReplyText(text, attachments)).toEqual({ ok: true, text: expected })
  })

  it.each<[string, unknown, RegExp]>([
    [
      'a file name',
      ['https://a.example/ok.jpg', 'IMG_0042.HEIC'],
      /^Attachment 2 \("IMG_0042\.HEIC"\) has no usable web link/,
    ],
    ['an empty string', [''], /^Attachment 1 \(empty\) has no usable web link/],
    ['a script link', ['javascript:alert(1)'], /^Attachment 1 \("javascript:alert\(1\)"\)/],
    ['a data URL', ['data:image/png;base64,AAAA'], /^Attachment 1 /],
    ['not a string', [{ url: 'https://a.example/x' }], /^Attachment 1 /],
  ])('fails the reply for %s', (_name, attachments, reason) => {
    const result = yelpReplyText('Photo attached.', attachments)
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.reason).toMatch(reason)
  })

  it('cuts a very long unusable attachment in the reason', () => {
    const result = yelpReplyText('', [`x${'y'.repeat(500)}`])
    expect(result.ok ? '' : result.reason.length).toBeLessThan(250)
  })
})
