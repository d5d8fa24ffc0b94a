// What counts as a link in an AI draft (docs/spec/product.md §9.7): not only http(s):// and www.
// addresses but any bare domain (`evil.example/pay`, `bit.ly/x`) and the obfuscated forms people
// use to slip one past a filter (`hxxp`, `[.]`, `(.)`, ` dot `, full-width characters). A forged
// "pay the deposit here" is the harm a prompt injection is after, so this errs towards finding one.

/** Any scheme followed by `://` (also `hxxp://`), and `hxxp`/`hxxps` on their own. */
const SCHEME = /(?<![\p{L}\p{N}])(?:[a-z][a-z\d+.-]*:\/\/|hxxps?(?![\p{L}\p{N}]))/iu
/** A domain label: letters (any script) and digits, hyphens inside. */
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?`
/** A top-level domain: letters only, so `5.30` and `$1.5k` are not domains; or punycode. */
const TLD = String.raw`(?:\p{L}{2,24}|xn--[a-z\d-]{2,59})`
/**
 * A dot between labels: `.` with nothing around it (so "Mr. Smith" is two words), the
 * ideographic full stop browsers accept in addresses, or a bracketed dot or "dot" (`[.]`, `(dot)`).
 */
const DOT = String.raw`(?:[.\u3002]|\s*[[({<]\s*(?:\.|dot)\s*[\])}>]\s*)`
const DOMAIN = new RegExp(
  String.raw`(?<![\p{L}\p{N}@.-])${LABEL}(?:${DOT}${LABEL})*${DOT}${TLD}(?![\p{L}\p{N}-])`,
  'iu',
)
/**
 * " dot " spelled out between words is English too ("polka dot pattern", "dot every i"), so it
 * counts only before a top-level domain that is not also a common word.
 */
const SPELLED_DOT_DOMAIN =
  /(?<![\p{L}\p{N}])[\p{L}\p{N}][\p{L}\p{N}-]*\s+dot\s+(?:com|net|org|info|biz|io|co|ly|gg|cc|tv|xyz|site|online|shop|store|link|click|top|app|dev|ru|cn|uk|de|fr|ca|au|nl|es|pl|br|in|ws|vip|live|pro|club)(?![\p{L}\p{N}])/iu
/** A dotted-quad address (an IP needs no domain name). */
const IPV4 = /(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])/u
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+/gu

/**
 * The first link in `text`, or null. Checked on the NFKC form (full-width and compatibility
 * characters folded to ASCII) without invisible characters, with email addresses left out: those are contact details, which
 * the contact rule keeps or strips by the playbook.
 */
export function findLink(text: string): string | null {
  // Invisible format characters (zero-width spaces, soft hyphens) would split a domain in two.
  const folded = text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(EMAIL, ' ')
  for (const pattern of [SCHEME, DOMAIN, SPELLED_DOT_DOMAIN, IPV4]) {
    const match = pattern.exec(folded)
    if (match) return match[0]
  }
  return null
}
