import { randomBytes } from 'node:crypto'

/** Yelp ids are opaque URL-safe strings of about 22 characters (lead, event, conversation ids). */
export function yelpId(): string {
  return randomBytes(16).toString('base64url').slice(0, 22)
}

/** docs/providers/yelp.md §4: "128-char token" for access and refresh tokens. */
export function yelpToken(): string {
  return randomBytes(96).toString('base64url')
}

export function authorizationCode(): string {
  return randomBytes(24).toString('base64url')
}
