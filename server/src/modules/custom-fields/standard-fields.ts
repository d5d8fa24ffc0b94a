import type { GhlDataType } from '@common/custom-fields.ts'

/**
 * The standard lead data every client's GHL contacts carry as custom fields (docs/spec/dashboard-spec.md §2.14:
 * job type, availability, postal code, lead id, business id, temporary email, created date).
 * `key` is how the forwarding engine finds each field's value on a lead.
 */
export const STANDARD_LEAD_FIELDS: ReadonlyArray<{ key: string; name: string; type: GhlDataType }> = [
  { key: 'lead_id', name: 'Yelp Lead ID', type: 'TEXT' },
  { key: 'business_id', name: 'Yelp Business ID', type: 'TEXT' },
  { key: 'job_type', name: 'Yelp Job Type', type: 'TEXT' },
  { key: 'availability', name: 'Yelp Availability', type: 'TEXT' },
  { key: 'postal_code', name: 'Yelp Postal Code', type: 'TEXT' },
  { key: 'temporary_email', name: 'Yelp Temporary Email', type: 'TEXT' },
  { key: 'created_date', name: 'Yelp Lead Created', type: 'DATE' },
]
