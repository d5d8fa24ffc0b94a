import type { ClientView } from '@common/clients.ts'

/** A client as GET /api/clients answers it, for component tests. */
export function clientView(
  overrides: Partial<ClientView> & { clientId?: string; name?: string } = {},
): ClientView {
  const clientId = overrides.clientId ?? 'acme-roofing'
  return {
    id: 1,
    clientId,
    name: 'Acme Roofing',
    email: null,
    isActive: true,
    createdAt: '2026-01-05T10:00:00.000Z',
    lastActivity: null,
    yelpTokens: null,
    ghlLocationId: null,
    ghlCustomFieldsStatus: 'not_configured',
    ghlCustomFieldsCount: 0,
    onboardingUrl: `http://localhost:5000/onboard/${clientId}?token=t0k3n`,
    onboardingExpiresAt: '2026-01-08T00:00:00.000Z',
    onboardingStatus: 'active',
    yelp: {
      connected: false,
      expiresAt: null,
      needsReauth: false,
      reauthReason: null,
      businessId: null,
      webhookSubscribed: false,
      subscription: { state: 'unchecked', checkedAt: null, error: null },
    },
    ghl: {
      connected: false,
      hasApiKey: false,
      expiresAt: null,
      needsReauth: false,
      reauthReason: null,
      locationId: null,
    },
    ...overrides,
  }
}
