import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'
import { GHL_PUBLISHED_ED25519_KEY } from './env.schema.ts'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'leadrelay-config-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('loadConfig', () => {
  it('applies the defaults of docs/spec/product.md §5', () => {
    const config = loadConfig({ DATA_DIR: tempDir() })
    expect(config.port).toBe(5000)
    expect(config.baseUrl).toBe('http://localhost:5000')
    expect(config.databaseUrl).toBeUndefined()
    expect(config.admin).toEqual({ username: 'admin', password: undefined })
    expect(config.yelp).toMatchObject({
      apiBase: 'https://api.yelp.com',
      authBase: 'https://biz.yelp.com',
      partnerBase: 'https://partner-api.yelp.com',
      rateLimitPerSecond: 5,
    })
    expect(config.ghl).toMatchObject({
      apiBase: 'https://services.leadconnectorhq.com',
      authBase: 'https://marketplace.gohighlevel.com',
      webhookPublicKeys: [GHL_PUBLISHED_ED25519_KEY],
      webhookRsaPublicKeys: [],
      rateLimitMax: 100,
      rateLimitIntervalMs: 10_000,
    })
    expect(config.isHttps).toBe(false)
  })

  it('derives BASE_URL from PORT, trims trailing slashes and treats blank values as unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '8080' }).baseUrl).toBe('http://localhost:8080')
    const config = loadConfig({
      DATA_DIR: tempDir(),
      BASE_URL: 'https://relay.example.com/',
      YELP_API_BASE: 'http://127.0.0.1:9999/',
      DATABASE_URL: '',
      YELP_CLIENT_ID: '  ',
    })
    expect(config.baseUrl).toBe('https://relay.example.com')
    expect(config.isHttps).toBe(true)
    expect(config.yelp.apiBase).toBe('http://127.0.0.1:9999')
    expect(config.databaseUrl).toBeUndefined()
    expect(config.yelp.clientId).toBeUndefined()
    expect(
      loadConfig({ DATA_DIR: tempDir(), YELP_RATE_LIMIT_PER_SECOND: '50' }).yelp.rateLimitPerSecond,
    ).toBe(50)
  })

  it('reports every invalid value, one line per problem, naming the variable', () => {
    let error: unknown
    try {
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'eighty',
        BASE_URL: 'not a url',
        DATABASE_URL: 'mysql://x',
        APP_SECRET: 'short',
        LOG_LEVEL: 'loud',
        ADMIN_PASSWORD: 'abc',
        YELP_RATE_LIMIT_PER_SECOND: '0',
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const problems = (error as ConfigError).problems
    expect(problems).toEqual([
      'PORT: must be a number',
      'BASE_URL: must be an http(s) URL',
      'DATABASE_URL: must be a postgres:// or postgresql:// URL',
      'APP_SECRET: must be at least 32 characters',
      'ADMIN_PASSWORD: must be at least 8 characters',
      'YELP_RATE_LIMIT_PER_SECOND: must be between 1 and 1000',
      'LOG_LEVEL: must be one of error, warn, info, debug',
    ])
  })

  it('generates APP_SECRET into DATA_DIR on first use and reuses it after', () => {
    const dir = tempDir()
    const first = loadConfig({ DATA_DIR: dir }).appSecret
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(join(dir, 'app-secret'), 'utf8').trim()).toBe(first)
    expect(loadConfig({ DATA_DIR: dir }).appSecret).toBe(first)
    const explicit = 'x'.repeat(40)
    expect(loadConfig({ DATA_DIR: dir, APP_SECRET: explicit }).appSecret).toBe(explicit)
  })
})

describe('webhook public keys', () => {
  it('refuses a key that is neither PEM nor base64 SPKI', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), GHL_WEBHOOK_PUBLIC_KEY: 'not-a-key' })).toThrow(
      /GHL_WEBHOOK_PUBLIC_KEY: must be public keys \(PEM or base64 SPKI\), separated by commas/,
    )
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), GHL_WEBHOOK_PUBLIC_KEY: `${GHL_PUBLISHED_ED25519_KEY},not-a-key` }),
    ).toThrow(/GHL_WEBHOOK_PUBLIC_KEY: must be public keys/)
  })

  it('takes several keys separated by commas (a key rotation)', () => {
    const other = 'MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE='
    const config = loadConfig({
      DATA_DIR: tempDir(),
      GHL_WEBHOOK_PUBLIC_KEY: ` ${GHL_PUBLISHED_ED25519_KEY} ,${other}`,
    })
    expect(config.ghl.webhookPublicKeys).toEqual([GHL_PUBLISHED_ED25519_KEY, other])
  })
})

describe('AI drafts (docs/spec/product.md §9.6)', () => {
  it('is off without AI_BASE_URL', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), AI_MODEL: 'gpt-4o-mini' }).ai).toBeUndefined()
  })

  it('takes the base URL with /v1, the model, and a key only when given', () => {
    const local = loadConfig({
      DATA_DIR: tempDir(),
      AI_BASE_URL: 'http://localhost:11434/v1/',
      AI_MODEL: 'llama3.1',
    })
    expect(local.ai).toEqual({ baseUrl: 'http://localhost:11434/v1', apiKey: undefined, model: 'llama3.1' })
    const hosted = loadConfig({
      DATA_DIR: tempDir(),
      AI_BASE_URL: 'https://api.openai.com/v1',
      AI_MODEL: 'gpt-4o-mini',
      AI_API_KEY: 'sk-test',
    })
    expect(hosted.ai?.apiKey).toBe('sk-test')
  })

  it.each([
    [{ AI_BASE_URL: 'http://localhost:11434/v1' }, 'AI_MODEL: is required when AI_BASE_URL is set'],
    [{ AI_BASE_URL: 'localhost:11434', AI_MODEL: 'x' }, 'AI_BASE_URL: must be an http(s) URL'],
  ])('refuses %j naming the variable', (env, problem) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError)
    try {
      loadConfig({ DATA_DIR: tempDir(), ...env })
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toContain(problem)
    }
  })
})
