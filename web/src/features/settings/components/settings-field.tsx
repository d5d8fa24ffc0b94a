import { Lock } from 'lucide-react'
import type * as React from 'react'
import { Label } from '@/components/ui/label.tsx'

/** One labelled field with its hint and the docs/spec/dashboard-spec.md §5 message, linked for screen readers. */
export function SettingsField({
  id,
  label,
  hint,
  error,
  isReadOnly = false,
  children,
}: {
  id: string
  label: string
  hint?: React.ReactNode
  error?: string
  /** Set by the environment: shown, not editable here (the hint says where to change it). */
  isReadOnly?: boolean
  children: React.ReactNode
}) {
  return (
    <div className="grid min-w-0 content-start gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={id}>{label}</Label>
        {isReadOnly && (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground"
            data-testid={`${id}-read-only`}
          >
            <Lock className="size-3" aria-hidden="true" />
            Read-only
          </span>
        )}
      </div>
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

/** How a read-only input looks: greyed, no focus ring, the cursor saying it cannot be edited. */
export const READ_ONLY_INPUT_CLASS =
  'cursor-not-allowed border-dashed bg-muted text-muted-foreground shadow-none focus-visible:border-input focus-visible:ring-0'
