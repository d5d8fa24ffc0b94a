// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { Stats } from '@common/stats.ts'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { StatCardGrid } from '@/features/dashboard/components/stat-cards.tsx'

afterEach(cleanup)

const stats = (overrides: Partial<Stats> = {}): Stats => ({
  activeClients: 3,
  totalClients: 5,
  messagesToday: 12,
  totalMessages: 1234,
  connectedIntegrations: 2,
  webhookErrors: 1,
  errorRate: 0,
  leadsAwaitingReply: 0,
  oldestWaitingSince: null,
  waitingAges: { under5Minutes: 0, minutes5To60: 0, hours1To24: 0, over1Day: 0 },
  ...overrides,
})

describe('StatCardGrid (docs/spec/dashboard-spec.md §2.3)', () => {
  it('shows the four cards with their secondary lines', () => {
    render(<StatCardGrid stats={stats()} />)
    expect(screen.getByTestId('stat-active-clients-value')).toHaveTextContent('3')
    expect(screen.getByText('5 total clients')).toBeInTheDocument()
    expect(screen.getByTestId('stat-messages-today-value')).toHaveTextContent('12')
    expect(screen.getByText(/total messages$/)).toBeInTheDocument()
    expect(screen.getByTestId('stat-connected-integrations-value')).toHaveTextContent('2')
    expect(screen.getByText('1 webhook errors today')).toBeInTheDocument()
    expect(screen.getByText('Good')).toBeInTheDocument()
  })

  it.each([
    [0, '0.0%'],
    [33.3, '33.3%'],
    [100, '100.0%'],
  ])('shows an error rate of %s as %s', (errorRate, text) => {
    render(<StatCardGrid stats={stats({ errorRate })} />)
    expect(screen.getByTestId('stat-error-rate-value')).toHaveTextContent(text)
  })
})
