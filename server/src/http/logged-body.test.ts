import { describe, expect, it } from 'vitest'
import { scrubbedBodyText } from './logged-body.ts'

describe('scrubbedBodyText', () => {
  it.each([
    [
      'a parsed body',
      { username: 'olivia', password: 'p4ss' },
      '{"username":"olivia","password":"[Redacted]"}',
    ],
    [
      'nested keys of any case',
      { data: { apiKey: 'k1', api_key: 'k2', ClientSecret: 's', accessToken: 't', id: 'lead-1' } },
      '{"data":{"apiKey":"[Redacted]","api_key":"[Redacted]","ClientSecret":"[Redacted]","accessToken":"[Redacted]","id":"lead-1"}}',
    ],
    ['arrays of objects', [{ newPassword: 'x' }, 'plain'], '[{"newPassword":"[Redacted]"},"plain"]'],
    ['raw JSON text', '{"currentPassword":"old","n":1}', '{"currentPassword":"[Redacted]","n":1}'],
    ['a form', 'username=olivia&password=p4ss&x=1', 'username=olivia&password=[Redacted]&x=1'],
    ['broken JSON', '{"password":"p4ss", "x', '{"password":"[Redacted]", "x'],
    ['nothing', undefined, ''],
  ])('replaces secrets in %s', (_case, body, expected) => {
    expect(scrubbedBodyText(body)).toBe(expected)
  })
})
