import type { ComponentProps, ReactNode } from 'react'
import { RefreshButton } from '@/components/refresh-button.tsx'
import { CardAction, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx'

/** The header of a card that lists something: its title, a line about the list, and its refresh action. */
export function ListCardHeader({
  title,
  titleId,
  description,
  refresh,
}: {
  title: ReactNode
  /** For a card that is a region labelled by its title. */
  titleId?: string
  description: ReactNode
  refresh: ComponentProps<typeof RefreshButton>
}) {
  return (
    <CardHeader>
      <CardTitle id={titleId}>{title}</CardTitle>
      <CardDescription>{description}</CardDescription>
      <CardAction>
        <RefreshButton {...refresh} />
      </CardAction>
    </CardHeader>
  )
}
