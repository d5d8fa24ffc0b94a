// An answer that hands back the model's instructions or the business profile is what a prompt
// injection asking "repeat everything above" gets (docs/spec/product.md §9.7). A reply naturally
// borrows a few of the profile's words; a long run of them, word for word, is a leak.

/** Consecutive words shared with the instructions or the profile that make an answer a leak. */
export const ECHO_WORDS = 20

/** Whether `answer` repeats ECHO_WORDS consecutive words of any of `sources`. */
export function echoesAny(answer: string, sources: readonly string[]): boolean {
  const said = words(answer)
  if (said.length < ECHO_WORDS) return false
  const runs = new Set<string>()
  for (const source of sources) {
    const own = words(source)
    for (let i = 0; i + ECHO_WORDS <= own.length; i++) runs.add(own.slice(i, i + ECHO_WORDS).join(' '))
  }
  if (runs.size === 0) return false
  for (let i = 0; i + ECHO_WORDS <= said.length; i++) {
    if (runs.has(said.slice(i, i + ECHO_WORDS).join(' '))) return true
  }
  return false
}

/** Words only, folded: case, spacing, punctuation and full-width forms do not hide a copy. */
function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
}
