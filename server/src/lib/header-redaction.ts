// Header names whose values are credentials: never stored readable, never sent to the browser.
export const SECRET_HEADER = /token|secret|password|api_?key|authorization|cookie/i
export const REDACTED = '[redacted]'

/** A copy of a header map with every credential-looking value replaced. */
export function redactHeaderValues<T>(headers: Record<string, T>): Record<string, T | typeof REDACTED> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, SECRET_HEADER.test(name) ? REDACTED : value]),
  )
}
