// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Toaster } from '@/components/ui/toaster.tsx'
import { dismissToast, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, toast } from '@/components/ui/use-toast.ts'

afterEach(() => {
  act(() => dismissToast())
  cleanup()
})

describe('Toaster (docs/spec/dashboard-spec.md §9)', () => {
  it('shows at most one toast: a new toast replaces the visible one', () => {
    render(<Toaster />)
    act(() => {
      toast({ title: 'First toast', description: 'first description' })
    })
    expect(screen.getByText('First toast')).toBeInTheDocument()

    act(() => {
      toast({ title: 'Second toast', description: 'second description', variant: 'destructive' })
      toast({ title: 'Third toast' })
    })
    expect(screen.getByText('Third toast')).toBeInTheDocument()
    expect(screen.queryByText('First toast')).not.toBeInTheDocument()
    expect(screen.queryByText('Second toast')).not.toBeInTheDocument()
    expect(screen.getAllByRole('status')).toHaveLength(1)
  })

  it('renders the destructive variant and limits the viewport width from md up', () => {
    render(<Toaster />)
    act(() => {
      toast({ title: 'Login failed', description: 'Invalid credentials', variant: 'destructive' })
    })
    const title = screen.getByText('Login failed')
    expect(title.closest('[data-slot="toast"]')).toHaveClass('destructive')
    expect(screen.getByText('Invalid credentials')).toBeInTheDocument()
    expect(document.querySelector('[data-slot="toast-viewport"]')).toHaveClass('md:max-w-[420px]')
  })

  it('uses the spec constants', () => {
    expect(TOAST_LIMIT).toBe(1)
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000)
  })
})
