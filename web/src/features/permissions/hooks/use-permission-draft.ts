import type { PermissionFlag, Permissions } from '@common/permissions.ts'
import { useState } from 'react'
import { changedFlags, countEnabled } from '@/features/permissions/utils/permission-draft.ts'

/**
 * docs/spec/dashboard-spec.md §2.10 and §4: a role's flags are edited in a local draft that is saved or cancelled.
 * Outside editing the saved values show; while editing, the draft does (count included).
 */
export function usePermissionDraft(saved: Permissions) {
  const [draft, setDraft] = useState<Permissions | null>(null)
  const values = draft ?? saved
  return {
    isEditing: draft !== null,
    values,
    enabledCount: countEnabled(values),
    changed: draft ? changedFlags(saved, draft) : [],
    start: () => setDraft({ ...saved }),
    set: (flag: PermissionFlag, value: boolean) =>
      setDraft((current) => (current ? { ...current, [flag]: value } : current)),
    /** Drops the draft: after Cancel, or once Save has succeeded. */
    discard: () => setDraft(null),
  }
}
