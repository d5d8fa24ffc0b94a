import { avatarColorOf, initialsOf } from '@/features/users/utils/user-display.ts'
import { cn } from '@/lib/utils.ts'

/** Initials on a colour picked from the name (docs/spec/dashboard-spec.md §2.9). */
export function UserAvatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      className={cn(
        'flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-semibold tracking-wide text-white shadow-sm',
        avatarColorOf(name),
        className,
      )}
      aria-hidden="true"
      data-testid="user-avatar"
    >
      {initialsOf(name)}
    </span>
  )
}
