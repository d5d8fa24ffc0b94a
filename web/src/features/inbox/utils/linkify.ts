// docs/spec/dashboard-spec.md §5 "Text detection in conversations": emails by a standard address pattern; phones by an
// optional +1 prefix and 10 digits with optional separators or parentheses. The parts become
// elements (mailto/tel links, text nodes), never HTML, so a message's markup stays text.

const EMAIL = String.raw`[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`
const PHONE = String.raw`(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}`
const PATTERN = new RegExp(`(${EMAIL})|(${PHONE})`, 'g')

export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'email'; text: string; href: string }
  | { kind: 'phone'; text: string; href: string }

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = []
  let last = 0
  for (const match of text.matchAll(PATTERN)) {
    const start = match.index ?? 0
    const [value, email] = match
    // Digits inside a longer number are not a phone number.
    if (!email && (/\d/.test(text[start - 1] ?? '') || /\d/.test(text[start + value.length] ?? ''))) continue
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) })
    if (email) parts.push({ kind: 'email', text: value, href: `mailto:${value}` })
    else parts.push({ kind: 'phone', text: value, href: `tel:${telNumber(value)}` })
    last = start + value.length
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) })
  return parts
}

/** `+14155550101` for any spelling of a US number. */
function telNumber(value: string): string {
  const digits = value.replace(/\D/g, '')
  return digits.length === 11 ? `+${digits}` : `+1${digits}`
}
