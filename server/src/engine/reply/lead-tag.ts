/**
 * How a GHL user picks the Yelp lead a reply answers when several leads share one GHL contact
 * (docs/decisions/0019-replies-to-a-shared-ghl-contact.md): the hub shows each lead's tag on
 * the messages it forwards into the shared thread, and a reply that starts with a tag answers
 * that lead.
 */
const TAG_PREFIX = '#'
/** A leading `#<lead id>` followed by the text (Yelp lead ids are letters, digits, `-` and `_`). */
const LEADING_TAG = /^\s*#([A-Za-z0-9_-]+)(?:\s+|$)/

export function leadTag(leadId: string): string {
  return `${TAG_PREFIX}${leadId}`
}

/** A forwarded message in a shared thread: its lead's label on the first line, then the text. */
export function labelForSharedThread(leadId: string, text: string): string {
  return `Yelp lead ${leadTag(leadId)}\n${text}`
}

/** The lead tag a reply starts with and the text after it; null when it starts with none. */
export function readLeadTag(text: string): { leadId: string; rest: string } | null {
  const match = LEADING_TAG.exec(text)
  if (!match?.[1]) return null
  return { leadId: match[1], rest: text.slice(match[0].length) }
}
