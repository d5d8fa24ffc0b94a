import type { PermissionFlag, Permissions } from '@common/permissions.ts'
import {
  Bell,
  Building2,
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  Settings,
  ShieldCheck,
  Users,
  Webhook,
} from 'lucide-react'
import { responsePageClientId } from '@/lib/app-paths.ts'

export interface NavItem {
  href: string
  label: string
  icon: LucideIcon
  /** The flag a role needs to see this screen; the dashboard needs none. */
  permission?: PermissionFlag
  /** Header title and subtitle of the screen (docs/spec/dashboard-spec.md §2.1). */
  title: string
  subtitle: string
}

// The 8 navigation items of docs/spec/dashboard-spec.md §2.1, in order.
export const NAV_ITEMS: readonly NavItem[] = [
  {
    href: '/',
    label: 'Dashboard',
    icon: LayoutDashboard,
    title: 'Dashboard',
    subtitle: 'Overview of your Yelp-GoHighLevel integration',
  },
  {
    href: '/clients',
    label: 'Clients',
    icon: Building2,
    permission: 'canViewClients',
    title: 'Client Management',
    subtitle: 'Manage client integrations and onboarding',
  },
  {
    href: '/users',
    label: 'Users',
    icon: Users,
    permission: 'canViewUsers',
    title: 'User Management',
    subtitle: 'Manage users, roles and client assignments',
  },
  {
    href: '/permissions',
    label: 'Permissions',
    icon: ShieldCheck,
    permission: 'canManageRoles',
    title: 'Role & Permissions Management',
    subtitle: 'Configure what each role can do',
  },
  {
    href: '/inbox',
    label: 'Lead Inbox',
    icon: Inbox,
    permission: 'canViewInbox',
    title: 'Lead Inbox',
    subtitle: 'Work Yelp leads and conversations',
  },
  {
    href: '/messages',
    label: 'Message Logs',
    icon: MessageSquare,
    permission: 'canViewMessages',
    title: 'Message Logs',
    subtitle: 'Messages forwarded between Yelp and GoHighLevel',
  },
  {
    href: '/webhooks',
    label: 'Webhooks',
    icon: Webhook,
    permission: 'canViewWebhooks',
    title: 'API & Webhook Logs',
    subtitle: 'Incoming webhooks and provider API calls',
  },
  // Beyond the 8 items of the spec (docs/spec/product.md §9.3): a page of its own, not a Settings
  // section, because everyone who sees system figures reads the alert history, while only those
  // who may (admins and managers) edit the channels.
  {
    href: '/alerts',
    label: 'Alerts',
    icon: Bell,
    permission: 'canViewSystemStats',
    title: 'Alerts',
    subtitle: 'Notification channels and the alerts they were sent',
  },
  {
    href: '/settings',
    label: 'Settings',
    icon: Settings,
    permission: 'canManageSettings',
    title: 'Settings',
    subtitle: 'System configuration',
  },
]

export const NOT_FOUND_META = {
  title: 'Page Not Found',
  subtitle: 'The address you opened does not match any screen',
} as const

export function canSee(item: NavItem, permissions: Permissions | undefined): boolean {
  return item.permission === undefined || permissions?.[item.permission] === true
}

export function visibleNavItems(permissions: Permissions | undefined): NavItem[] {
  return NAV_ITEMS.filter((item) => canSee(item, permissions))
}

/** The navigation item a location belongs to, or undefined for an unknown path. */
export function navItemFor(location: string): NavItem | undefined {
  const path = location.replace(/\/+$/, '') || '/'
  // A client's Response page sits under Clients, with a title of its own.
  if (responsePageClientId(path) !== null) {
    const clients = NAV_ITEMS.find((item) => item.href === '/clients')
    return clients && { ...clients, ...RESPONSE_PAGE_META }
  }
  return NAV_ITEMS.find((item) => item.href === path)
}

const RESPONSE_PAGE_META = {
  title: 'Response',
  subtitle: 'First replies and follow-ups for one client',
} as const
