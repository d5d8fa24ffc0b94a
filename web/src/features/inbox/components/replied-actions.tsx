import type { LeadActivity, ReplyType } from '@common/leads.ts'
import { Mail, Phone } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'

export const ACTIVITY_LABELS: Record<LeadActivity['kind'], string> = {
  replied_phone: 'Replied by phone',
  replied_email: 'Replied by email',
  status_changed_in_ghl: 'Status changed in GHL',
}

/**
 * The business answered outside Yelp (docs/decisions/0012). Marks the lead replied on Yelp (once: Yelp
 * refuses a second mark), so the buttons give way to what was recorded.
 */
export function RepliedActions({
  activity,
  isSaving,
  onMark,
}: {
  activity: LeadActivity[]
  isSaving: boolean
  onMark: (replyType: ReplyType) => void
}) {
  const done = activity.find((entry) => entry.kind === 'replied_phone' || entry.kind === 'replied_email')
  if (done) {
    return (
      <p className="text-xs text-muted-foreground" data-testid="replied-done">
        {ACTIVITY_LABELS[done.kind]}: marked as replied on Yelp
      </p>
    )
  }
  return (
    <div className="grid grid-cols-2 gap-2">
      <Button variant="outline" size="sm" disabled={isSaving} onClick={() => onMark('PHONE')}>
        <Phone aria-hidden="true" />
        Replied by phone
      </Button>
      <Button variant="outline" size="sm" disabled={isSaving} onClick={() => onMark('EMAIL')}>
        <Mail aria-hidden="true" />
        Replied by email
      </Button>
    </div>
  )
}
