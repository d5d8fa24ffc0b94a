import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { responsePagePath } from '@/lib/app-paths.ts'
import { cn } from '@/lib/utils.ts'

/**
 * A link to a client's Response page (its first replies and follow-ups), for any screen that finds
 * a lead or a client without automation: the inbox's "no automation" note, the dashboard, the
 * client list.
 */
export function ResponsePageLink({
  clientId,
  className,
  children = 'Set up automatic replies',
}: {
  clientId: string
  className?: string
  children?: ReactNode
}) {
  return (
    <Link
      href={responsePagePath(clientId)}
      className={cn('font-medium text-primary underline-offset-4 hover:underline', className)}
    >
      {children}
    </Link>
  )
}
