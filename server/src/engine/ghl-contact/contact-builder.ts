import { leadProjectDataSchema, leadUserDataSchema } from '@common/leads.ts'
import { z } from 'zod'
import type { LeadFields } from '../../repositories/leads.repository.ts'

export interface FieldRecordLike {
  ghlFieldId: string | null
  sourceType: string
  fieldName: string
  sourceData: unknown
}

export interface ContactDraft {
  firstName?: string
  lastName?: string
  email?: string
  phone?: string
  postalCode?: string
  source: string
  customFields: Array<{ id: string; field_value: string }>
}

/** A custom field's mapping (custom-fields.service.ts): a standard lead datum, or a survey question. */
const fieldSourceSchema = z
  .looseObject({ key: z.string().optional(), question: z.string().optional() })
  .catch({})

/**
 * What a lead tells GHL about its contact: the name split from the source's display name
 * ("Pat Q."), the email (or the source's relay address) and phone when present, the source's
 * name (`sourceLabel`, 'Yelp'), and the client's custom fields filled from the standard lead data
 * and the survey answers.
 */
export function buildContact(lead: LeadFields, fields: FieldRecordLike[], sourceLabel: string): ContactDraft {
  const [firstName, ...rest] = (lead.userDisplayName ?? '').trim().split(/\s+/).filter(Boolean)
  const userData = leadUserDataSchema.catch({}).parse(lead.userData ?? {})
  const project = leadProjectDataSchema.catch({}).parse(lead.projectData ?? {})
  const standard: Record<string, string | null> = {
    lead_id: lead.leadId,
    business_id: lead.businessId ?? null,
    job_type: project.job_names?.join(', ') || null,
    availability:
      [project.availability_status, ...(project.availability_dates ?? [])].filter(Boolean).join(' ') || null,
    postal_code: userData.postal_code ?? null,
    temporary_email: lead.temporaryEmailAddress ?? null,
    created_date: lead.timeCreated.toISOString().slice(0, 10),
  }
  const customFields: ContactDraft['customFields'] = []
  for (const field of fields) {
    if (!field.ghlFieldId) continue
    const source = fieldSourceSchema.parse(field.sourceData ?? {})
    const value =
      field.sourceType === 'standard'
        ? source.key
          ? standard[source.key]
          : null
        : project.survey_fields?.[source.question ?? field.fieldName]?.join(', ')
    if (value) customFields.push({ id: field.ghlFieldId, field_value: value })
  }
  return {
    ...(firstName ? { firstName } : {}),
    ...(rest.length ? { lastName: rest.join(' ') } : {}),
    // An email the operator entered in the inbox wins over the source's relay address.
    ...(userData.email || lead.temporaryEmailAddress
      ? { email: userData.email || lead.temporaryEmailAddress || undefined }
      : {}),
    ...(userData.phone ? { phone: userData.phone } : {}),
    ...(userData.postal_code ? { postalCode: userData.postal_code } : {}),
    source: sourceLabel,
    customFields,
  }
}
