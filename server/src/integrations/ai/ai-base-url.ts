// `AI_BASE_URL` may carry credentials: a proxy's `user:pass@` or a key in the query (`?api-key=…`,
// as some gateways want). fetch refuses a URL with userinfo and the SDK appends its paths after
// any query, so both are taken apart here; and the address the logs keep has neither.

const SECRET_QUERY = /key|token|secret|password|auth|sig|code|credential/i
const REDACTED = '[redacted]'

export interface AiEndpoint {
  /** Scheme, host and path only: what the SDK is given as its base URL. */
  baseUrl: string
  /** The query of AI_BASE_URL, sent with every call. */
  query: Record<string, string>
  /** `Basic …` from the userinfo, when there is one. */
  basicAuthorization: string | null
  /** The address of the chat completions call as logs keep it: no userinfo, secret query values redacted. */
  loggedCompletionsUrl: string
  /** Every credential in the URL, to scrub from error text. */
  secrets: string[]
}

export function aiEndpoint(raw: string): AiEndpoint {
  const url = new URL(raw)
  const user = decodeURIComponent(url.username)
  const password = decodeURIComponent(url.password)
  const query = Object.fromEntries(url.searchParams)
  url.username = ''
  url.password = ''
  url.search = ''
  url.hash = ''
  const baseUrl = url.toString().replace(/\/+$/, '')
  const logged = new URL(`${baseUrl}/chat/completions`)
  for (const [key, value] of Object.entries(query))
    logged.searchParams.set(key, SECRET_QUERY.test(key) ? REDACTED : value)
  return {
    baseUrl,
    query,
    basicAuthorization:
      user || password ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : null,
    loggedCompletionsUrl: logged.toString(),
    secrets: [
      user,
      password,
      ...Object.entries(query)
        .filter(([key]) => SECRET_QUERY.test(key))
        .map(([, value]) => value),
    ].filter((secret) => secret.length >= 3),
  }
}

/** `text` with every credential of the endpoint replaced. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let scrubbed = text
  for (const secret of secrets) {
    scrubbed = scrubbed.replaceAll(secret, REDACTED)
    const encoded = encodeURIComponent(secret)
    if (encoded !== secret) scrubbed = scrubbed.replaceAll(encoded, REDACTED)
  }
  return scrubbed
}
