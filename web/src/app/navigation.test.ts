import { describe, expect, it } from 'vitest'
import { navItemFor } from '@/app/navigation.ts'
import { responsePageClientId, responsePagePath } from '@/lib/app-paths.ts'

describe('navItemFor', () => {
  it('titles a Response page "Response" and keeps Clients lit in the sidebar', () => {
    expect(navItemFor('/clients/acme-roofing/response')).toMatchObject({
      href: '/clients',
      title: 'Response',
    })
    expect(navItemFor('/clients/acme-roofing/response/')).toMatchObject({ title: 'Response' })
  })

  it('leaves other paths as they were', () => {
    expect(navItemFor('/clients')).toMatchObject({ title: 'Client Management' })
    expect(navItemFor('/clients/acme-roofing')).toBeUndefined()
    expect(navItemFor('/clients/acme/response/extra')).toBeUndefined()
  })
})

describe('responsePagePath', () => {
  it('builds the address and reads the client back from it', () => {
    expect(responsePagePath('acme_1')).toBe('/clients/acme_1/response')
    expect(responsePageClientId(responsePagePath('acme_1'))).toBe('acme_1')
    expect(responsePageClientId('/inbox')).toBeNull()
  })
})
