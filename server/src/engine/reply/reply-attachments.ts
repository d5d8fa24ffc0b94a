/** What a GHL reply becomes on Yelp, or why it cannot go there without losing part of it. */
export type YelpReplyText = { ok: true; text: string } | { ok: false; reason: string }

const SHOWN_CHARACTERS = 80

/**
 * Yelp's inbox takes text only (docs/providers/yelp.md §1 "Writing a reply"): a GHL reply's
 * attachments (URLs, docs/providers/ghl.md §9) travel as links, the typed text first, then each
 * link on its own line. An attachment without a web link cannot be passed on, and a reply must
 * never count as delivered without it: then the whole reply fails with a reason GHL shows.
 */
export function yelpReplyText(text: string, attachments: unknown): YelpReplyText {
  const list = Array.isArray(attachments) ? attachments : []
  const links: string[] = []
  for (const [index, attachment] of list.entries()) {
    const link = webLink(attachment)
    if (link === null) {
      return {
        ok: false,
        reason: `Attachment ${index + 1} (${shown(attachment)}) has no usable web link; Yelp takes text only, so attachments go as links: nothing was sent to Yelp`,
      }
    }
    links.push(link)
  }
  return { ok: true, text: [text, ...links].filter((part) => part !== '').join('\n') }
}

/** An absolute http(s) URL, percent-encoded so it stays one clickable link in Yelp's text. */
function webLink(attachment: unknown): string | null {
  if (typeof attachment !== 'string') return null
  try {
    const url = new URL(attachment.trim())
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

function shown(attachment: unknown): string {
  const text = typeof attachment === 'string' ? attachment : (JSON.stringify(attachment) ?? '')
  if (text.trim() === '') return 'empty'
  const cut = text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text
  return `"${cut}"`
}
