import type { AlertPayload } from './alert-message.ts'

// Slack reads `<…>` as mentions (`<!channel>`, `<@U…>`) and links (`<https://…|label>`), and
// `&` starts an entity (https://api.slack.com/reference/surfaces/formatting#escaping). Whatever a
// lead or a client typed is escaped, so no lead can ping a channel or dress up a link in the
// agency's Slack (docs/spec/product.md §9.7).

const WORD_JOINER = '\u2060'

/** Slack's three control characters as its entities. */
export function escapeSlack(value: string): string {
  return value.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'))
}

/**
 * Text made from what others typed, escaped and defused: `@here`, `@channel` and `@name` cannot
 * notify (with or without Slack's name linking), and neither a URL nor a bare domain becomes a
 * link (an invisible joiner after `@`, `:` before `//`, and dots inside a word); the words read
 * the same.
 */
export function slackSafe(value: string): string {
  return escapeSlack(value)
    .replace(/@(?=\S)/g, `@${WORD_JOINER}`)
    .replace(/:\/\//g, `:${WORD_JOINER}//`)
    .replace(/(\w)\.(?=\w)/g, `$1.${WORD_JOINER}`)
}

/**
 * The Slack form of an alert: the summary (where the lead's and client's words are) defused, the
 * next step escaped, and the hub's own links as they are, so they stay links.
 */
export function alertSlackText(payload: AlertPayload): string {
  return [
    slackSafe(payload.summary),
    escapeSlack(payload.action),
    `Open in LeadRelay: ${escapeSlack(payload.openUrl)}`,
    payload.yelpUrl ? `Open in Yelp Leads Center: ${escapeSlack(payload.yelpUrl)}` : null,
  ]
    .filter(Boolean)
    .join('\n')
}
