// docs/spec/dashboard-spec.md §2.9: how a user is named and drawn on the User Management cards.

interface NamedUser {
  username: string
  firstName: string | null
  lastName: string | null
}

/** "First Last" when the user has a name, else the username. */
export function displayNameOf(user: NamedUser): string {
  const fullName = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
  return fullName || user.username
}

/** The first letter of up to the first 2 words of the name, uppercase. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
    .toUpperCase()
}

/** The 6 avatar colours; the 600 shades keep white initials readable. */
export const AVATAR_COLORS = [
  'bg-blue-600',
  'bg-emerald-600',
  'bg-violet-600',
  'bg-amber-600',
  'bg-rose-600',
  'bg-cyan-600',
] as const

/** The avatar colour: chosen by the name's length modulo 6. */
export function avatarColorOf(name: string): (typeof AVATAR_COLORS)[number] {
  return AVATAR_COLORS[name.length % AVATAR_COLORS.length] ?? AVATAR_COLORS[0]
}
