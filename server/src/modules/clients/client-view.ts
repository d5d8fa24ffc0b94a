import type { ClientView, CustomFieldsStatus, OnboardingLinkStatus } from '@common/clients.ts'
import { CUSTOM_FIELDS_STATUSES } from '@common/clients.ts'
import type { Signer } from '../../lib/signer.ts'
import type { ClientRow } from '../../repositories/clients.repository.ts'
import type { ClientConnections } from '../../repositories/connections.repository.ts'
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
  row: OnboardingFields,
  connections: ClientConnections,
  now = new Date(),
): OnboardingLinkStatus {
  if (row.onboardingExpiresAt.getTime() <= now.getTime()) return 'expired'
  const bothConnected = connections.yelp.connected && connections.ghl.connected
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
export function toClientView(
  row: ClientRow,
  connections: ClientConnections,
  baseUrl: string,
  signer: Signer,
): ClientView {
  const { yelp, ghl } = connections
  const status = (CUSTOM_FIELDS_STATUSES as readonly string[]).includes(row.ghlCustomFieldsStatus)
    ? (row.ghlCustomFieldsStatus as CustomFieldsStatus)
    : 'not_configured'
  const { businessId } = yelp
  const { locationId } = ghl
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    email: row.email,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    lastActivity: row.lastActivity?.toISOString() ?? null,
    yelpTokens: yelp.hasRecord ? { businessId, webhookSubscribed: yelp.webhookSubscribed } : null,
    ghlLocationId: locationId,
    ghlCustomFieldsStatus: status,
    ghlCustomFieldsCount: row.ghlCustomFieldsCount,
    onboardingUrl: onboardingUrl(baseUrl, signer, row),
    onboardingExpiresAt: row.onboardingExpiresAt.toISOString(),
    onboardingStatus: onboardingLinkStatus(row, connections),
    yelp: {
      connected: yelp.connected,
      expiresAt: yelp.expiresAt,
      needsReauth: yelp.needsReauth,
      reauthReason: yelp.reauthReason,
      businessId,
      webhookSubscribed: yelp.webhookSubscribed,
      subscription: {
        state: SUBSCRIPTION_STATES.find((state) => state === yelp.subscription.state) ?? 'unchecked',
        checkedAt: yelp.subscription.checkedAt?.toISOString() ?? null,
        error: yelp.subscription.state === 'failed' ? yelp.subscription.error : null,
      },
    },
    ghl: {
      connected: ghl.connected,
      hasApiKey: ghl.hasApiKey,
      expiresAt: ghl.expiresAt,
      needsReauth: ghl.needsReauth,
      reauthReason: ghl.reauthReason,
      locationId,
    },
  }
}
