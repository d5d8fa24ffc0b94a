import { describe, expect, it } from 'vitest'
import {
  CONTACT_SYNC_POLL_MS,
  contactSyncPollInterval,
  contactSyncProgressText,
  contactSyncSummary,
} from '@/features/integrations/utils/contact-sync.ts'
import { contactSyncStatus } from '@/testing/contact-sync-status.ts'

describe('contactSyncSummary (docs/spec/dashboard-spec.md §8: success and error counts)', () => {
  it.each([
    { success: 3, errors: 0, text: '3 contacts synced to GoHighLevel, 0 errors.' },
    { success: 1, errors: 1, text: '1 contact synced to GoHighLevel, 1 error.' },
    { success: 0, errors: 2, text: '0 contacts synced to GoHighLevel, 2 errors.' },
  ])('$success/$errors → $text', ({ success, errors, text }) => {
    expect(contactSyncSummary({ success, errors })).toBe(text)
  })
})

describe('contact sync progress (issue 10 item 11: a job followed like the import)', () => {
  it.each([
    { leadsDone: 0, leadsTotal: 0, text: 'Syncing… reading the stored leads' },
    { leadsDone: 12, leadsTotal: 63, text: 'Syncing… 12 of 63 leads' },
    { leadsDone: 0, leadsTotal: 1, text: 'Syncing… 0 of 1 lead' },
  ])('$leadsDone/$leadsTotal → $text', ({ leadsDone, leadsTotal, text }) => {
    expect(contactSyncProgressText({ leadsDone, leadsTotal })).toBe(text)
  })

  it('polls only while a sync runs', () => {
    const at = (status: 'never' | 'running' | 'completed' | 'failed') => contactSyncStatus({ status })
    expect(contactSyncPollInterval(at('running'))).toBe(CONTACT_SYNC_POLL_MS)
    for (const state of ['never', 'completed', 'failed'] as const)
      expect(contactSyncPollInterval(at(state))).toBe(false)
    expect(contactSyncPollInterval(undefined)).toBe(false)
  })
})
