import { isWithinBusinessHours } from '@common/business-hours.ts'
import type { Lead } from '@common/leads.ts'
import { isTimeZone, type Playbook, type TemplateValues } from '@common/playbook.ts'

// What the "Response playbook" tab previews (docs/spec/product.md §9.2, §9.7): each template
// filled for the client's newest lead, or for a sample customer when the client has none yet,
// and which of the two first-reply texts a customer writing now would get.

/** The sample customer of a client without leads. */
export const SAMPLE_LEAD = { name: 'Jordan Smith', jobType: 'Roof repair' } as const

export interface PreviewSource {
  values: TemplateValues
  /** Who the preview is for, in words. */
  label: string
}

/** `lead` undefined: the leads could not be read (a role without the inbox); null: there are none. */
export function previewSource(lead: Lead | null | undefined, businessName: string): PreviewSource {
  if (!lead) {
    const sample = `a sample lead (${SAMPLE_LEAD.name}, ${SAMPLE_LEAD.jobType})`
    return {
      values: { ...SAMPLE_LEAD, businessName },
      label: lead === null ? `${sample}: this client has no lead yet` : sample,
    }
  }
  const name = lead.userDisplayName ?? null
  return {
    values: { name, jobType: lead.projectData.job_names?.[0] ?? null, businessName },
    label: `the newest lead${name ? `, ${name}` : ''}`,
  }
}

export type MomentText = 'in-hours' | 'after-hours' | 'unknown'

/**
 * Which first-reply text a customer writing at `at` gets: by the business hours in the
 * playbook's timezone; 'unknown' while the timezone or the hours being typed are not valid yet.
 */
export function textForMoment(
  hours: { timezone: string; businessHours: Playbook['businessHours'] },
  at: Date,
): MomentText {
  if (!isTimeZone(hours.timezone.trim())) return 'unknown'
  try {
    return isWithinBusinessHours(at, { timezone: hours.timezone.trim(), businessHours: hours.businessHours })
      ? 'in-hours'
      : 'after-hours'
  } catch {
    return 'unknown'
  }
}
