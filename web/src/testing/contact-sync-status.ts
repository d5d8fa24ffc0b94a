import type { ContactSyncStatus } from '@common/contacts.ts'

/** A contact sync as GET /api/clients/{id}/ghl/contact-sync-status answers it, for component tests. */
export function contactSyncStatus(overrides: Partial<ContactSyncStatus> = {}): ContactSyncStatus {
  return {
    status: 'never',
    leadsTotal: 0,
    leadsDone: 0,
    success: 0,
    errors: 0,
    failures: [],
    error: null,
    startedAt: null,
    finishedAt: null,
    ...overrides,
  }
}
