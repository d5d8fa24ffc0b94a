/**
 * Polls `probe` until it returns something truthy and returns that; throws naming `what` at the
 * deadline. The one polling helper of the tests, the browser tests, the benchmarks and the demo:
 * they all wait on work the engine or another process does in the background.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 20_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`)
    await sleep(intervalMs)
  }
}

/**
 * Whether `done()` came true before the deadline. A measurement reports a run that did not
 * finish instead of aborting it (the benchmarks), so this answers false rather than throwing.
 */
export async function finishesWithin(
  done: () => boolean | Promise<boolean>,
  timeoutMs: number,
  intervalMs = 50,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await done()) return true
    await sleep(intervalMs)
  }
  return done()
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
