import type { ImportStatus } from '@common/imports.ts'

/** How often the import status is asked for while it changes. */
export const IMPORT_POLL_MS = 2000
/**
 * After the import has queued every lead, the lead syncs still have to store them; the count
 * is followed this long after the import finished, unless it catches up sooner.
 */
export const IMPORT_SETTLE_MS = 60_000

const leads = (n: number) => `${n} ${n === 1 ? 'lead' : 'leads'}`

/** True while a finished import's queued leads are still arriving in the store. */
export function isImportSettling(status: ImportStatus | undefined, now: number): boolean {
  if (status?.status !== 'completed' || status.storedLeads >= status.leadsFound) return false
  // finishedAt is the server's clock; a browser clock far off only shortens or lengthens the wait.
  const finished = status.finishedAt ? Date.parse(status.finishedAt) : Number.NaN
  return Number.isFinite(finished) && now - finished < IMPORT_SETTLE_MS
}

/** The refetch interval of the status query: polling only while something is still moving. */
export function importPollInterval(status: ImportStatus | undefined, now: number): number | false {
  if (status?.status === 'running') return IMPORT_POLL_MS
  return isImportSettling(status, now) ? IMPORT_POLL_MS : false
}

/**
 * How many of the found leads are stored. `storedLeads` counts every lead of the client, those
 * that arrived by webhook too, so it can exceed what the import found: "3 found, 4 stored" read
 * as a wrong sum; the extra leads are named for what they are.
 */
function storedPart(found: number, stored: number): string {
  if (stored < found) return `${stored} stored`
  const extra = stored - found
  return extra > 0 ? `all stored (and ${leads(extra)} from webhooks)` : 'all stored'
}

/** One line of progress for the Historical Lead Import section, or null before any import. */
export function importProgressText(status: ImportStatus): string | null {
  const { leadsFound: found, storedLeads: stored } = status
  switch (status.status) {
    case 'never':
      return null
    case 'running':
      return found === 0
        ? 'Importing… looking up the business’s leads'
        : `Importing… ${status.leadsQueued} of ${leads(found)} queued · ${storedPart(found, stored)}`
    case 'completed':
      return found === 0
        ? 'Import complete: Yelp has no earlier leads for this business'
        : `Import complete: ${leads(found)} found, ${storedPart(found, stored)}`
    case 'failed':
      return `Import failed: ${status.error ?? 'the lead list could not be read from Yelp'}`
  }
}
