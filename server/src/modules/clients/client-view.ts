import type { ClientView, CustomFieldsStatus, OnboardingLinkStatus } from '@common/clients.ts'
import { CUSTOM_FIELDS_STATUSES } from '@common/clients.ts'
import type { Signer } from '../../lib/signer.ts'
import { type ClientRow, ghlTokensOf, yelpTokensOf } from '../../repositories/clients.repository.ts'
import { SUBSCRIPTION_STATES } from '../../repositories/yelp-subscriptions.repository.ts'

type OnboardingFields = Pick<
  ClientRow,
  'id' | 'clientId' | 'onboardingNonce' | 'onboardingExpiresAt' | 'onboardingOutlivesConnection'
>

/** The onboarding link's message: a re-created client or a new link (new nonce) changes it. */
export function onboardingMessage(row: Pick<ClientRow, 'id' | 'clientId' | 'onboardingNonce'>): string {
  return `onboard:${row.clientId}:${row.id}:${row.onboardingNonce}`
}

/** The unguessable token of a client's onboarding link. */
export function onboardingToken(
  signer: Signer,
  row: Pick<ClientRow, 'id' | 'clientId' | 'onboardingNonce'>,
): string {
  return signer.sign(onboardingMessage(row))
}

/**
 * Whether the link still opens the onboarding page (docs/decisions/0016 §6): until it expires, and not
 * once both providers are connected, unless it was issued while they already were.
 */
export function onboardingLinkStatus(
  row: OnboardingFields & Pick<ClientRow, 'yelpTokens' | 'ghlTokens'>,
  now = new Date(),
): OnboardingLinkStatus {
  if (row.onboardingExpiresAt.getTime() <= now.getTime()) return 'expired'
  const bothConnected = Boolean(
    yelpTokensOf(row as ClientRow).accessToken && ghlTokensOf(row as ClientRow).accessToken,
  )
  return bothConnected && !row.onboardingOutlivesConnection ? 'completed' : 'active'
}

export function onboardingUrl(
  baseUrl: string,
  signer: Signer,
  row: Pick<ClientRow, 'id' | 'clientId' | 'onboardingNonce'>,
): string {
  return `${baseUrl}/onboard/${encodeURIComponent(row.clientId)}?token=${onboardingToken(signer, row)}`
}

/** A client as responses carry it: connection status, never a token or key value. */
export function toClientView(row: ClientRow, baseUrl: string, signer: Signer): ClientView {
  const yelp = yelpTokensOf(row)
  const ghl = ghlTokensOf(row)
  const status = (CUSTOM_FIELDS_STATUSES as readonly string[]).includes(row.ghlCustomFieldsStatus)
    ? (row.ghlCustomFieldsStatus as CustomFieldsStatus)
    : 'not_configured'
  const businessId = yelp.businessId ?? null
  const locationId = row.ghlLocationId ?? ghl.locationId ?? null
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    email: row.email,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    lastActivity: row.lastActivity?.toISOString() ?? null,
    yelpTokens: row.yelpTokens ? { businessId, webhookSubscribed: yelp.webhookSubscribed === true } : null,
    ghlLocationId: locationId,
    ghlCustomFieldsStatus: status,
    ghlCustomFieldsCount: row.ghlCustomFieldsCount,
    onboardingUrl: onboardingUrl(baseUrl, signer, row),
    onboardingExpiresAt: row.onboardingExpiresAt.toISOString(),
    onboardingStatus: onboardingLinkStatus(row),
    yelp: {
      connected: Boolean(yelp.accessToken),
      expiresAt: yelp.expiresAt ?? null,
      needsReauth: yelp.needsReauth === true,
      reauthReason: yelp.needsReauth === true ? (yelp.reauthReason ?? null) : null,
      businessId,
      webhookSubscribed: yelp.webhookSubscribed === true,
      subscription: {
        state: SUBSCRIPTION_STATES.find((state) => state === row.yelpSubscriptionState) ?? 'unchecked',
        checkedAt: row.yelpSubscriptionCheckedAt?.toISOString() ?? null,
        error: row.yelpSubscriptionState === 'failed' ? row.yelpSubscriptionError : null,
      },
    },
    ghl: {
      connected: Boolean(ghl.accessToken),
      hasApiKey: Boolean(row.ghlLocationApiKey),
      expiresAt: ghl.expiresAt ?? null,
      needsReauth: ghl.needsReauth === true,
      reauthReason: ghl.needsReauth === true ? (ghl.reauthReason ?? null) : null,
      locationId,
    },
  }
}
