import type { ContactSyncStatus } from '@common/contacts.ts'

/** How often the contact sync status is asked for while it runs. */
export const CONTACT_SYNC_POLL_MS = 2000

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** The 'Contact sync completed' toast's description: the success and error counts (docs/spec/dashboard-spec.md §8). */
export function contactSyncSummary(result: Pick<ContactSyncStatus, 'success' | 'errors'>): string {
  return `${plural(result.success, 'contact', 'contacts')} synced to GoHighLevel, ${plural(result.errors, 'error', 'errors')}.`
}

/** The refetch interval of the status query: polling only while a sync runs. */
export function contactSyncPollInterval(status: ContactSyncStatus | undefined): number | false {
  return status?.status === 'running' ? CONTACT_SYNC_POLL_MS : false
}

/** One line of progress under the button while a sync runs. */
export function contactSyncProgressText(status: Pick<ContactSyncStatus, 'leadsDone' | 'leadsTotal'>): string {
  return status.leadsTotal === 0
    ? 'Syncing… reading the stored leads'
    : `Syncing… ${status.leadsDone} of ${plural(status.leadsTotal, 'lead', 'leads')}`
}
