import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button.tsx'
import { MISSING_CLIENT_ID_ALERT } from '@/features/integrations/utils/oauth-links.ts'

/**
 * An OAuth start link, opened in a new tab (docs/spec/dashboard-spec.md §2.1). Disabled it is a plain disabled button,
 * so it cannot be opened at all; without a client id it alerts instead of navigating.
 */
export function OAuthButton({
  href,
  clientId,
  disabled,
  variant = 'default',
  children,
}: {
  href: string
  clientId: string | undefined
  disabled?: boolean
  variant?: 'default' | 'outline'
  children: ReactNode
}) {
  if (disabled) {
    return (
      <Button size="sm" variant={variant} disabled className="w-fit">
        {children}
      </Button>
    )
  }
  return (
    <Button asChild size="sm" variant={variant} className="w-fit">
      <a
        href={href}
        target="_blank"
        rel="noopener"
        onClick={(event) => {
          if (!clientId) {
            event.preventDefault()
            window.alert(MISSING_CLIENT_ID_ALERT)
          }
        }}
      >
        {children}
      </a>
    </Button>
  )
}
