import type { ReadReceipt } from '@common/leads.ts'
import { Check, CheckCheck, Mail } from 'lucide-react'
import { formatDateTime } from '@/features/inbox/utils/lead-display.ts'

const MARK_TEXT = {
  read: 'Read',
  pending: 'Read, marking on Yelp',
  unread: 'Unread',
} as const

/**
 * Whether the consumer's last message has been read (docs/decisions/0012), as a small mark on the
 * lead card (issue 35: the card's chips are the status, the availability and what to do now):
 * two ticks read (Yelp confirmed), one tick being marked on Yelp after someone opened it, an
 * envelope unread. Nothing for a lead without a consumer message.
 */
export function ReadReceiptMark({ receipt }: { receipt: ReadReceipt }) {
  if (receipt.state === 'none') return null
  const Icon = receipt.state === 'read' ? CheckCheck : receipt.state === 'pending' ? Check : Mail
  const text = MARK_TEXT[receipt.state]
  return (
    <span
      className="inline-flex items-center"
      title={
        receipt.state === 'read' && receipt.readAt
          ? `Read ${formatDateTime(receipt.readAt)}, marked on Yelp`
          : text
      }
      data-testid="read-receipt"
      data-state={receipt.state}
    >
      <Icon
        aria-hidden="true"
        className={
          receipt.state === 'read'
            ? 'size-3.5 text-success'
            : receipt.state === 'unread'
              ? 'size-3.5 text-primary'
              : 'size-3.5'
        }
      />
      <span className="sr-only">{text}</span>
    </span>
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
