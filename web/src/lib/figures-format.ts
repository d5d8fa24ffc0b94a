// How the lead figures (docs/decisions/0014) read on every screen (dashboard, client list, inbox),
// so a cost or a response time looks the same wherever it shows.

/** Yelp's cents of `currency` as money: "$23.50"; "—" when unknown. */
export function formatCents(cents: number | null, currency: string | null = 'USD'): string {
  if (cents === null) return '—'
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency ?? 'USD' }).format(
      cents / 100,
    )
  } catch {
    // An unknown currency code: the amount with the code, rather than nothing.
    return `${(cents / 100).toFixed(2)} ${currency}`
  }
}

/** A response time, short: "45 s", "4 min", "1 h 5 min", "2 d 3 h"; "—" when there is none. */
export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return '—'
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s} s`
  const minutes = Math.round(s / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`
}

/** A percent of the API (one decimal already): "62.5%"; "—" without leads. */
export function formatPercent(percent: number | null): string {
  return percent === null ? '—' : `${percent}%`
}

/**
 * docs/spec/product.md §9.1: what Yelp's own figures measure, said once for every screen that
 * shows them, since they differ from the hub's response time (nights left out, a rate).
 */
export const YELP_RESPONSE_TIME_HINT =
  "Median time to first reply over 30 days, 18:00–08:00 in the client's timezone not counted, as Yelp measures it"
export const RESPONSE_RATE_HINT =
  'Share of new messages answered over 30 days; messages under 24 h still unanswered are left out'
