// @vitest-environment happy-dom
import '@testing-library/jest-dom/vitest'
import type { Setting } from '@common/settings.ts'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProvider } from '@/app/provider.tsx'
import { SettingsForm } from '@/features/settings/components/settings-form.tsx'

afterEach(cleanup)

const SETTINGS: Setting[] = [
  { key: 'port', value: 5000, pinnedBy: 'PORT' },
  { key: 'baseUrl', value: 'https://relay.example.com', appliesAtNextStart: true },
  { key: 'webhookSecret', value: null, configured: false },
  { key: 'adminUsername', value: 'admin' },
  { key: 'sessionTimeout', value: 60 },
  { key: 'rateLimiting', value: true },
  { key: 'logLevel', value: 'info', pinnedBy: 'LOG_LEVEL' },
  { key: 'logRetention', value: 30 },
  { key: 'fileLogging', value: false },
  { key: 'backupFrequency', value: 'daily' },
  { key: 'backupLocation', value: './backups' },
]

describe('Settings: a setting the environment fixes looks read-only', () => {
  it('marks the pinned fields Read-only, greys them and keeps them out of editing; the others stay editable', () => {
    render(
      <AppProvider>
        <SettingsForm settings={SETTINGS} />
      </AppProvider>,
    )
    const port = screen.getByLabelText('Server Port')
    expect(port).toHaveAttribute('readonly')
    expect(port).toHaveClass('bg-muted', 'cursor-not-allowed')
    expect(screen.getByTestId('settings-port-read-only')).toHaveTextContent('Read-only')
    expect(screen.getByText('Set by the environment variable PORT; change it there.')).toBeInTheDocument()

    expect(screen.getByTestId('settings-logLevel-read-only')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: /Log Level/ })).toBeDisabled()

    const baseUrl = screen.getByLabelText('Base URL')
    expect(baseUrl).not.toHaveAttribute('readonly')
    expect(baseUrl).not.toHaveClass('bg-muted')
    expect(screen.queryByTestId('settings-baseUrl-read-only')).not.toBeInTheDocument()
  })
})
