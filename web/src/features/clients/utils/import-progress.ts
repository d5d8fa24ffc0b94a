import type { ImportStatus } from '@/features/clients/api/get-import-status.ts'

const leads = (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'}`

/** One line of progress for the Historical Lead Import section, or null before any import. */
export function importProgressText(status: ImportStatus): string | null {
  switch (status.status) {
    case 'never':
      return null
    case 'running':
      return status.leadsFound === 0
        ? 'Importing… looking up the business’s leads'
        : `Importing… ${status.leadsQueued} of ${leads(status.leadsFound)} queued · ${status.storedLeads} stored`
    case 'completed':
      return `Import complete: ${leads(status.leadsFound)} found, ${status.storedLeads} stored`
    case 'failed':
      return `Import failed: ${status.error ?? 'the lead list could not be read from Yelp'}`
  }
}
