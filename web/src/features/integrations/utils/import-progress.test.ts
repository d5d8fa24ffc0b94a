import type { ImportStatus } from '@common/imports.ts'
import { describe, expect, it } from 'vitest'
import {
  IMPORT_POLL_MS,
  IMPORT_SETTLE_MS,
  importPollInterval,
  importProgressText,
  isImportSettling,
} from '@/features/integrations/utils/import-progress.ts'

const NOW = Date.parse('2026-03-01T12:00:00.000Z')
const ago = (ms: number) => new Date(NOW - ms).toISOString()

function importStatus(overrides: Partial<ImportStatus> = {}): ImportStatus {
  return {
    status: 'never',
    businessId: null,
    leadsFound: 0,
    leadsQueued: 0,
    storedLeads: 0,
    error: null,
    startedAt: null,
    finishedAt: null,
    ...overrides,
  }
}

describe('importProgressText', () => {
  it.each([
    { status: importStatus(), text: null },
    {
      status: importStatus({ status: 'running' }),
      text: 'Importing… looking up the business’s leads',
    },
    {
      status: importStatus({ status: 'running', leadsFound: 40, leadsQueued: 12, storedLeads: 9 }),
      text: 'Importing… 12 of 40 leads queued · 9 stored',
    },
    {
      status: importStatus({ status: 'running', leadsFound: 1, leadsQueued: 0, storedLeads: 0 }),
      text: 'Importing… 0 of 1 lead queued · 0 stored',
    },
    {
      status: importStatus({ status: 'completed', leadsFound: 40, leadsQueued: 40, storedLeads: 40 }),
      text: 'Import complete: 40 leads found, all stored',
    },
    {
      // The "3 leads found, 4 stored": one lead had come by webhook before the import.
      status: importStatus({ status: 'completed', leadsFound: 3, leadsQueued: 3, storedLeads: 4 }),
      text: 'Import complete: 3 leads found, all stored (and 1 lead from webhooks)',
    },
    {
      status: importStatus({ status: 'completed', leadsFound: 1, leadsQueued: 1, storedLeads: 0 }),
      text: 'Import complete: 1 lead found, 0 stored',
    },
    {
      status: importStatus({ status: 'completed' }),
      text: 'Import complete: Yelp has no earlier leads for this business',
    },
    {
      status: importStatus({ status: 'failed', error: 'Yelp lost access to business acme-sf (404)' }),
      text: 'Import failed: Yelp lost access to business acme-sf (404)',
    },
    {
      status: importStatus({ status: 'failed' }),
      text: 'Import failed: the lead list could not be read from Yelp',
    },
  ])(
    '$status.status with $status.leadsQueued/$status.leadsFound queued, $status.storedLeads stored → $text',
    ({ status, text }) => {
      expect(importProgressText(status)).toBe(text)
    },
  )
})

describe('importPollInterval: polls only while something still moves', () => {
  it.each([
    { what: 'nothing loaded yet', status: undefined, poll: false },
    { what: 'never imported', status: importStatus(), poll: false },
    { what: 'running', status: importStatus({ status: 'running' }), poll: IMPORT_POLL_MS },
    {
      what: 'running with a stale finishedAt of an earlier run',
      status: importStatus({ status: 'running', leadsFound: 5, finishedAt: ago(3_600_000) }),
      poll: IMPORT_POLL_MS,
    },
    {
      what: 'completed, leads still being stored, finished 5 s ago',
      status: importStatus({ status: 'completed', leadsFound: 40, storedLeads: 30, finishedAt: ago(5_000) }),
      poll: IMPORT_POLL_MS,
    },
    {
      what: 'completed, leads still being stored, finished just inside the window',
      status: importStatus({
        status: 'completed',
        leadsFound: 40,
        storedLeads: 30,
        finishedAt: ago(IMPORT_SETTLE_MS - 1),
      }),
      poll: IMPORT_POLL_MS,
    },
    {
      what: 'completed, leads still missing, window over',
      status: importStatus({
        status: 'completed',
        leadsFound: 40,
        storedLeads: 30,
        finishedAt: ago(IMPORT_SETTLE_MS),
      }),
      poll: false,
    },
    {
      what: 'completed and every lead stored',
      status: importStatus({ status: 'completed', leadsFound: 40, storedLeads: 40, finishedAt: ago(1_000) }),
      poll: false,
    },
    {
      what: 'completed with more stored than found (leads from webhooks before)',
      status: importStatus({ status: 'completed', leadsFound: 3, storedLeads: 7, finishedAt: ago(1_000) }),
      poll: false,
    },
    {
      what: 'completed without a finish time',
      status: importStatus({ status: 'completed', leadsFound: 3, storedLeads: 0 }),
      poll: false,
    },
    {
      what: 'failed',
      status: importStatus({ status: 'failed', leadsFound: 3, finishedAt: ago(1_000) }),
      poll: false,
    },
  ])('$what → $poll', ({ status, poll }) => {
    expect(importPollInterval(status, NOW)).toBe(poll)
    expect(isImportSettling(status, NOW)).toBe(poll !== false && status?.status === 'completed')
  })
})
