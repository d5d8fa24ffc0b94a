// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { GhlForwardingList } from '@/features/inbox/components/ghl-forwarding-list.tsx'

afterEach(cleanup)

describe('GhlForwardingList', () => {
  it('names each message GoHighLevel has not taken, its state and its error', () => {
    render(
      <GhlForwardingList
        items={[
          {
            eventId: 'ev-1',
            text: 'Can you come Friday?',
            state: 'retrying',
            error: 'GoHighLevel answered 500',
            createdAt: '2026-11-24T10:00:00.000Z',
          },
        ]}
      />,
    )
    expect(screen.getByText('Not in GoHighLevel yet')).toBeInTheDocument()
    expect(screen.getByText('Can you come Friday?')).toBeInTheDocument()
    expect(screen.getByText(/^Retrying · since/)).toBeInTheDocument()
    expect(screen.getByText('GoHighLevel answered 500')).toBeInTheDocument()
  })

  it('shows nothing when every message reached GoHighLevel', () => {
    const { container } = render(<GhlForwardingList items={[]} />)
    expect(container).toBeEmptyDOMElement()
  })
})
