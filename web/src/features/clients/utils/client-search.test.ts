import { describe, expect, it } from 'vitest'
import { filterClients } from '@/features/clients/utils/client-search.ts'

const clients = [
  { clientId: 'acme-roofing', name: 'Acme Roofing' },
  { clientId: 'bay-plumbing', name: 'Bay Area Plumbing' },
  { clientId: 'zed_hvac', name: 'Zed HVAC & Air' },
]

describe('client search (docs/spec/dashboard-spec.md §2.5)', () => {
  it.each([
    { search: '', ids: ['acme-roofing', 'bay-plumbing', 'zed_hvac'] },
    { search: '   ', ids: ['acme-roofing', 'bay-plumbing', 'zed_hvac'] },
    { search: 'acme', ids: ['acme-roofing'] },
    { search: 'ROOF', ids: ['acme-roofing'] },
    { search: 'area plu', ids: ['bay-plumbing'] },
    { search: 'BAY-', ids: ['bay-plumbing'] },
    { search: '_hv', ids: ['zed_hvac'] },
    { search: '& air', ids: ['zed_hvac'] },
    { search: 'a', ids: ['acme-roofing', 'bay-plumbing', 'zed_hvac'] },
    { search: 'nothing like it', ids: [] },
  ])('"$search" finds $ids', ({ search, ids }) => {
    expect(filterClients(clients, search).map((c) => c.clientId)).toEqual(ids)
  })
})
