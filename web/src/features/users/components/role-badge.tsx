import type { Role } from '@common/permissions.ts'
import { Badge } from '@/components/ui/badge.tsx'
import { cn } from '@/lib/utils.ts'

// docs/spec/dashboard-spec.md §2.9: the capability labels each role's badge carries.
export const ROLE_CAPABILITIES: Record<Role, readonly string[]> = {
  admin: ['All Permissions', 'User Management', 'System Settings'],
  manager: ['Client Management', 'View Reports', 'Send Messages'],
  operator: ['View Clients', 'Send Messages'],
  viewer: ['View Only'],
}

const ROLE_COLORS: Record<Role, string> = {
  admin: 'bg-rose-100 text-rose-700 dark:bg-rose-500/15 dark:text-rose-300',
  manager: 'bg-blue-100 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300',
  operator: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  viewer: 'bg-slate-100 text-slate-700 dark:bg-slate-500/20 dark:text-slate-300',
}

function isKnownRole(role: string): role is Role {
  return Object.hasOwn(ROLE_CAPABILITIES, role)
}

/** The role name, coloured per role, followed by the role's capability labels. */
export function RoleBadge({ userRole: role }: { userRole: string }) {
  const capabilities = isKnownRole(role) ? ROLE_CAPABILITIES[role] : []
  return (
    <div className="flex flex-wrap items-center gap-1.5" data-testid="role-badge">
      <Badge
        className={cn('border-transparent capitalize', isKnownRole(role) ? ROLE_COLORS[role] : undefined)}
        variant={isKnownRole(role) ? 'outline' : 'secondary'}
      >
        {role}
      </Badge>
      {capabilities.map((label) => (
        <Badge key={label} variant="outline" className="font-normal text-muted-foreground">
          {label}
        </Badge>
      ))}
    </div>
  )
}
