// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AttachmentPreview } from '@/features/inbox/components/attachment-preview.tsx'

// Issue 35: a broken attachment image falls back to a file tile, its download kept.

afterEach(cleanup)

const photo = {
  id: 'a1',
  url: 'https://media.example.com/leak.jpg',
  mime_type: 'image/jpeg',
  resource_name: 'leak.jpg',
}

describe('AttachmentPreview', () => {
  it('shows the image while it loads', () => {
    render(<AttachmentPreview attachment={photo} />)
    expect(screen.getByRole('img', { name: 'leak.jpg' })).toHaveAttribute('src', photo.url)
    expect(screen.queryByTestId('attachment-file')).not.toBeInTheDocument()
  })

  it('turns a broken image into a file tile with its name, and keeps the download', () => {
    render(<AttachmentPreview attachment={photo} />)
    fireEvent.error(screen.getByRole('img', { name: 'leak.jpg' }))
    expect(screen.queryByRole('img', { name: 'leak.jpg' })).not.toBeInTheDocument()
    expect(screen.getByTestId('attachment-file')).toHaveTextContent('leak.jpg')
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', photo.url)
  })
})
