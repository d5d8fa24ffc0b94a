// Addresses of the screens that are not navigation items, built in one place so a feature can
// point to another's screen without importing it (features never import each other).

/** The Response page of one client: its playbook (docs/spec/product.md §9.2). */
export function responsePagePath(clientId: string): string {
  return `/clients/${encodeURIComponent(clientId)}/response`
}

/** The client id of a Response page address, or null for any other address. */
export function responsePageClientId(location: string): string | null {
  const match = /^\/clients\/([^/]+)\/response\/?$/.exec(location)
  if (!match?.[1]) return null
  try {
    return decodeURIComponent(match[1])
  } catch {
    return null
  }
}
