// docs/spec/dashboard-spec.md §2.1 and docs/spec/product.md §4: the OAuth start links, opened in a new tab. They answer 302 to the
// provider's consent page; the provider comes back to the server's callback, which shows a result.

export const MISSING_CLIENT_ID_ALERT = 'Client ID is missing. Please refresh the page and try again.'

export function yelpAuthUrl(clientId: string): string {
  return `/api/yelp-auth-url?${new URLSearchParams({ clientId })}`
}

export function ghlAuthUrl(clientId: string, autoSync: boolean): string {
  return `/api/ghl-auth-url?${new URLSearchParams({ clientId, autoSync: String(autoSync) })}`
}
