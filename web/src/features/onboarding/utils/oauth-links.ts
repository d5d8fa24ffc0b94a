// docs/spec/product.md §4: on the onboarding page the start links carry the onboarding token as &token=.

export function yelpConnectUrl(clientId: string, token: string): string {
  return `/api/yelp-auth-url?${new URLSearchParams({ clientId, token })}`
}

export function ghlConnectUrl(clientId: string, token: string): string {
  return `/api/ghl-auth-url?${new URLSearchParams({ clientId, autoSync: 'false', token })}`
}
