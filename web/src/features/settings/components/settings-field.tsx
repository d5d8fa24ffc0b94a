import type * as React from 'react'
import { Label } from '@/components/ui/label.tsx'

/** One labelled field with its hint and the docs/spec/dashboard-spec.md §5 message, linked for screen readers. */
export function SettingsField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string
  label: string
  hint?: React.ReactNode
  error?: string
  children: React.ReactNode
}) {
  return (
    <div className="grid min-w-0 content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs break-words text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/** 'Set by the environment variable PORT' or 'Applies at next start', under a field. */
export function fieldNote(
  setting: { pinnedBy?: string; appliesAtNextStart?: boolean; runningValue?: string | number } | undefined,
) {
  if (!setting) return undefined
  if (setting.pinnedBy) return `Set by the environment variable ${setting.pinnedBy}; change it there.`
  if (setting.appliesAtNextStart) {
    return setting.runningValue !== undefined
      ? `Applies at next start (running now: ${setting.runningValue}).`
      : 'Applies at next start.'
  }
  return undefined
}
