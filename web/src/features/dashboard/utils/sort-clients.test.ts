import type { ClientStats } from '@common/client-stats.ts'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CLIENT_SORT, nextSort, sortClients } from '@/features/dashboard/utils/sort-clients.ts'

const window = (medianSeconds: number | null, within5Minutes: number | null) => ({
  leads: 4,
  answered: 2,
  medianSeconds,
  within5Minutes,
  within1Hour: null,
})

function client(clientId: string, overrides: Partial<ClientStats> = {}): ClientStats {
  return {
    clientId,
    name: clientId,
    leads: 0,
    costedLeads: 0,
    totalCostCents: 0,
    costPerLeadCents: null,
    currency: null,
    responseTime: { last7Days: window(null, null), last30Days: window(null, null) },
    yelpResponseTime: null,
    responseRate: null,
    aiDrafts: { made: 0, sent: 0, edited: 0 },
    waitingNow: 0,
    oldestWaitingSince: null,
    ...overrides,
  }
}

const ids = (clients: ClientStats[]) => clients.map((each) => each.clientId)

describe('sortClients', () => {
  const clients = [
    client('calm', { responseTime: { last7Days: window(60, 100), last30Days: window(60, 100) } }),
    client('two-new', { waitingNow: 2, oldestWaitingSince: '2026-11-27T10:00:00.000Z' }),
    client('two-old', { waitingNow: 2, oldestWaitingSince: '2026-11-20T10:00:00.000Z' }),
    client('one', {
      waitingNow: 1,
      oldestWaitingSince: '2026-11-27T11:00:00.000Z',
      responseTime: { last7Days: window(600, 20), last30Days: window(600, 20) },
    }),
  ]

  it('puts the most waiting first by default, the longest wait first among equals', () => {
    expect(DEFAULT_CLIENT_SORT).toEqual({ key: 'waitingNow', direction: 'desc' })
    expect(ids(sortClients(clients, DEFAULT_CLIENT_SORT))).toEqual(['two-old', 'two-new', 'one', 'calm'])
  })

  it('turns round on a second click', () => {
    const sort = nextSort(DEFAULT_CLIENT_SORT, 'waitingNow')
    expect(sort).toEqual({ key: 'waitingNow', direction: 'asc' })
    expect(ids(sortClients(clients, sort))).toEqual(['calm', 'one', 'two-new', 'two-old'])
  })

  it('sorts a figure worst first and keeps clients without it last in both directions', () => {
    const slowest = nextSort(DEFAULT_CLIENT_SORT, 'medianFirstReply')
    expect(slowest).toEqual({ key: 'medianFirstReply', direction: 'desc' })
    expect(ids(sortClients(clients, slowest))).toEqual(['one', 'calm', 'two-new', 'two-old'])
    expect(ids(sortClients(clients, nextSort(slowest, 'medianFirstReply')))).toEqual([
      'calm',
      'one',
      'two-new',
      'two-old',
    ])
    // The lowest share within 5 minutes first.
    expect(ids(sortClients(clients, nextSort(DEFAULT_CLIENT_SORT, 'within5Minutes')))).toEqual([
      'one',
      'calm',
      'two-new',
      'two-old',
    ])
  })

  it('sorts by name, case aside', () => {
    const named = [
      client('b', { name: 'bravo' }),
      client('a', { name: 'Alpha' }),
      client('c', { name: 'charlie' }),
    ]
    expect(ids(sortClients(named, nextSort(DEFAULT_CLIENT_SORT, 'name')))).toEqual(['a', 'b', 'c'])
  })
})
