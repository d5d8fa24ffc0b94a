import type { ReadReceipt } from '@common/leads.ts'
import { Check, CheckCheck, Mail } from 'lucide-react'
import { Badge } from '@/components/ui/badge.tsx'
import { formatDateTime } from '@/features/inbox/utils/lead-display.ts'

/**
 * Whether the consumer's last message has been read (docs/decisions/0012): read (Yelp confirmed), being
 * marked on Yelp after someone opened it, or unread. Nothing for a lead without a consumer message.
 */
export function ReadReceiptBadge({ receipt }: { receipt: ReadReceipt }) {
  if (receipt.state === 'none') return null
  const common = { 'data-testid': 'read-receipt', 'data-state': receipt.state } as const
  if (receipt.state === 'read') {
    return (
      <Badge
        variant="outline"
        title={receipt.readAt ? `Read ${formatDateTime(receipt.readAt)}, marked on Yelp` : 'Read'}
        {...common}
      >
        <CheckCheck aria-hidden="true" className="text-success" />
        Read
      </Badge>
    )
  }
  if (receipt.state === 'pending') {
    return (
      <Badge variant="outline" title="Opened; marking it read on Yelp" {...common}>
        <Check aria-hidden="true" />
        Read
      </Badge>
    )
  }
  return (
    <Badge variant="outline" title="The consumer's last message has not been opened" {...common}>
      <Mail aria-hidden="true" />
      Unread
    </Badge>
  )
}

/** The same, in words, for the details column. */
export function readReceiptText(receipt: ReadReceipt): string {
  switch (receipt.state) {
    case 'read':
      return receipt.readAt ? `Read ${formatDateTime(receipt.readAt)}` : 'Read'
    case 'pending':
      return 'Read, marking on Yelp…'
    case 'unread':
      return 'Not read yet'
    default:
      return 'No message from the customer'
  }
}
