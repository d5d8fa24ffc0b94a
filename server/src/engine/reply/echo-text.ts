/** Invisible characters an editor or Yelp may add or drop: zero-width spaces and joiners, the BOM. */
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g

/**
 * A reply's text as it is compared with what Yelp gives back: Yelp may return the hub's own
 * write with its whitespace redone (line breaks, double spaces, trailing space) or in another
 * Unicode form, and an echo missed on exact text was forwarded into GHL a second time and
 * counted as a person's reply. Compatibility-normalised (NFKC: a no-break space is a space),
 * every run of whitespace one space, trimmed.
 */
export function echoText(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim()
}

/** Whether a text Yelp listed is the one the hub wrote, as echoText compares them. */
export function isSameReplyText(listed: string, written: string): boolean {
  return echoText(listed) === echoText(written)
}
