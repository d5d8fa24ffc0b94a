// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { ClientStats } from '@common/client-stats.ts'
import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { ClientResponseTable } from '@/features/dashboard/components/client-response-table.tsx'
import { AuthContext, type AuthState } from '@/lib/auth/auth-context.ts'
import { sessionUser } from '@/testing/session-user.ts'

afterEach(cleanup)

const HOUR = 3_600_000

function client(clientId: string, name: string, overrides: Partial<ClientStats> = {}): ClientStats {
  return {
    clientId,
    name,
    leads: 3,
    costedLeads: 2,
    totalCostCents: 4000,
    costPerLeadCents: 2000,
    currency: 'USD',
    responseTime: {
      last7Days: { leads: 2, answered: 1, medianSeconds: 240, within5Minutes: 50, within1Hour: 50 },
      last30Days: { leads: 4, answered: 3, medianSeconds: 720, within5Minutes: 25, within1Hour: 75 },
    },
    yelpResponseTime: 3600,
    responseRate: 87.5,
    aiDrafts: { made: 0, sent: 0, edited: 0 },
    waitingNow: 0,
    oldestWaitingSince: null,
    ...overrides,
  }
}

const rowIds = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.getAttribute('data-client-id'))

describe('the client table', () => {
  const clients = [
    client('acme', 'Acme Roofing'),
    client('bravo', 'Bravo Plumbing', {
      waitingNow: 2,
      oldestWaitingSince: new Date(Date.now() - 3 * HOUR).toISOString(),
    }),
    client('charlie', 'Charlie Electric', {
      costPerLeadCents: null,
      currency: null,
      responseTime: {
        last7Days: { leads: 0, answered: 0, medianSeconds: null, within5Minutes: null, within1Hour: null },
        last30Days: { leads: 0, answered: 0, medianSeconds: null, within5Minutes: null, within1Hour: null },
      },
      yelpResponseTime: null,
      responseRate: null,
    }),
  ]

  it('shows one row per client with the seven columns, most waiting first', () => {
    render(<ClientResponseTable clients={clients} />)
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Client',
      'Waiting now',
      'Median first reply',
      '≤ 5 min',
      'Yelp response time',
      'Response rate',
      'Cost per lead',
    ])
    expect(rowIds()).toEqual(['bravo', 'acme', 'charlie'])
    const bravo = within(screen.getByRole('row', { name: /Bravo Plumbing/ }))
    expect(bravo.getByTestId('client-waiting-now')).toHaveTextContent('2')
    expect(bravo.getByTestId('client-oldest-wait')).toHaveTextContent('oldest 3 h')
    expect(bravo.getByTestId('client-median-30d')).toHaveTextContent('12 min')
    expect(bravo.getByText('3 of 4 answered')).toBeInTheDocument()
    expect(bravo.getByTestId('client-within-5-minutes')).toHaveTextContent('25%')
    expect(bravo.getByTestId('client-yelp-response-time')).toHaveTextContent('1 h')
    expect(bravo.getByTestId('client-response-rate')).toHaveTextContent('87.5%')
    expect(bravo.getByTestId('client-cost-per-lead')).toHaveTextContent('$20.00')
    const charlie = within(screen.getByRole('row', { name: /Charlie Electric/ }))
    expect(charlie.getByTestId('client-median-30d')).toHaveTextContent('—')
    expect(charlie.getByTestId('client-cost-per-lead')).toHaveTextContent('—')
    expect(screen.getByRole('columnheader', { name: /Waiting now/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    )
  })

  it('says what each figure counts', () => {
    render(<ClientResponseTable clients={clients} />)
    const legend = screen.getByLabelText('What each figure counts')
    expect(legend).toHaveTextContent('Median first reply:Answered leads of the last 30 days only')
    expect(legend).toHaveTextContent('≤ 5 min:Every lead of the last 30 days, the waiting ones included')
  })

  it('sorts by a column on click, and the other way on a second click', async () => {
    const user = userEvent.setup()
    render(<ClientResponseTable clients={clients} />)
    await user.click(screen.getByTestId('sort-name'))
    expect(rowIds()).toEqual(['acme', 'bravo', 'charlie'])
    expect(screen.getByRole('columnheader', { name: /Client/ })).toHaveAttribute('aria-sort', 'ascending')
    await user.click(screen.getByTestId('sort-name'))
    expect(rowIds()).toEqual(['charlie', 'bravo', 'acme'])
    await user.click(screen.getByTestId('sort-costPerLead'))
    // Charlie has no cost: last, not first.
    expect(rowIds().at(-1)).toBe('charlie')
  })

  it('links each client to its Response page for a role that may edit the playbook, and not for a viewer', () => {
    const signedIn = (role: 'admin' | 'viewer'): AuthState => ({
      user: sessionUser('pat', role),
      isLoading: false,
      isAuthenticated: true,
      login: async () => {},
      logout: async () => {},
      refresh: async () => {},
    })
    const { unmount } = render(
      <AuthContext.Provider value={signedIn('admin')}>
        <ClientResponseTable clients={clients} />
      </AuthContext.Provider>,
    )
    const acme = document.querySelector('tr[data-client-id="acme"]') as HTMLElement
    expect(within(acme).getByRole('link', { name: 'Response' })).toHaveAttribute(
      'href',
      '/clients/acme/response',
    )
    unmount()
    render(
      <AuthContext.Provider value={signedIn('viewer')}>
        <ClientResponseTable clients={clients} />
      </AuthContext.Provider>,
    )
    expect(screen.queryByRole('link', { name: 'Response' })).not.toBeInTheDocument()
  })
})
