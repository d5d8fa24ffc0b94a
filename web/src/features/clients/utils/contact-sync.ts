import type { ContactSyncResult } from '@common/contacts.ts'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The 'Contact sync completed' toast's description: the success and error counts (docs/spec/dashboard-spec.md §8). */
export function contactSyncSummary(result: Pick<ContactSyncResult, 'success' | 'errors'>): string {
  return `${plural(result.success, 'contact', 'contacts')} synced to GoHighLevel, ${plural(result.errors, 'error', 'errors')}.`
}
