import { describe, expect, it } from 'vitest'
import { contactSyncSummary } from '@/features/clients/utils/contact-sync.ts'

describe('contactSyncSummary (docs/spec/dashboard-spec.md §8: success and error counts)', () => {
  it.each([
    { success: 3, errors: 0, text: '3 contacts synced to GoHighLevel, 0 errors.' },
    { success: 1, errors: 1, text: '1 contact synced to GoHighLevel, 1 error.' },
    { success: 0, errors: 2, text: '0 contacts synced to GoHighLevel, 2 errors.' },
  ])('$success/$errors → $text', ({ success, errors, text }) => {
    expect(contactSyncSummary({ success, errors })).toBe(text)
  })
})
