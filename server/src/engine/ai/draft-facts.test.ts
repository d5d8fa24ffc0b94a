import { storedMessagesOf } from '@common/lead-model.ts'
import { describe, expect, it } from 'vitest'
import {
  type YelpEvent,
  type YelpLead,
  yelpEventSchema,
  yelpLeadSchema,
} from '../../integrations/yelp/yelp.schemas.ts'
import { yelpLeadMessage, yelpLeadSnapshot } from '../../integrations/yelp/yelp-lead-source.ts'
import type { LeadRow } from '../../repositories/leads.repository.ts'
import { toLeadFields } from '../lead-sync/lead-mapper.ts'
import { draftFacts } from './draft-facts.ts'

// What the prompt says about a lead, read from the lead as the hub stores it (lead-mapper.ts),
// for a lead shaped like Yelp's (docs/providers/yelp.md, `GET /v3/leads/{id}`).

const yelpLead: YelpLead = yelpLeadSchema.parse({
  id: 'LdX9k2mPq0',
  business_id: 'BzQ7acmeRoofing',
  conversation_id: 'Cv88fakeConv',
  time_created: '2026-06-30T12:00:00+00:00',
  last_event_time: '2026-06-30T12:05:10+00:00',
  user: { display_name: 'Pat Q.' },
  project: {
    job_names: ['Roof repair'],
    survey_answers: [
      { question_text: 'What type of roof?', answer_text: ['Shingle'] },
      { question_text: 'Which rooms are affected?', answer_text: ['Garage', 'Kitchen'] },
    ],
    location: { postal_code: '94110' },
    additional_info: 'Leak over the garage',
    availability: { status: 'SPECIFIC_DATES', dates: ['2026-07-02'] },
  },
})
const events: YelpEvent[] = [
  yelpEventSchema.parse({
    id: 'ev1',
    cursor: 'c1',
    time_created: '2026-06-30T12:00:00+00:00',
    event_type: 'TEXT',
    user_type: 'CONSUMER',
    user_id: 'u1',
    user_display_name: 'Pat Q.',
    event_content: { text: 'Can you come this week?' },
  }),
]

function storedLead(): LeadRow {
  const fields = toLeadFields('acme', 'yelp', yelpLeadSnapshot(yelpLead), events.map(yelpLeadMessage))
  return { ...fields, status: 'new' } as unknown as LeadRow
}

describe('draftFacts from a stored lead', () => {
  const playbook = { profile: 'Roofers.', allowContactDetails: false }

  it('carries the survey questions and answers, the job, the availability and the postal code', () => {
    const lead = storedLead()
    const facts = draftFacts(lead, storedMessagesOf(lead), 'Acme Roofing', playbook)
    expect(facts.surveyAnswers).toEqual([
      { question: 'What type of roof?', answers: ['Shingle'] },
      { question: 'Which rooms are affected?', answers: ['Garage', 'Kitchen'] },
    ])
    expect(facts.jobNames).toEqual(['Roof repair'])
    expect(facts.postalCode).toBe('94110')
    expect(facts.availability).toEqual({ status: 'SPECIFIC_DATES', dates: ['2026-07-02'] })
    expect(facts.additionalInfo).toBe('Leak over the garage')
    expect(facts.customerName).toBe('Pat Q.')
    expect(facts.conversation).toEqual([{ from: 'customer', text: 'Can you come this week?' }])
  })

  it('reads the survey from survey_fields when a stored lead has no original answers', () => {
    const lead = storedLead()
    lead.projectData = { ...lead.projectData, original_survey_answers: undefined }
    expect(draftFacts(lead, storedMessagesOf(lead), 'Acme Roofing', playbook).surveyAnswers).toEqual([
      { question: 'What type of roof?', answers: ['Shingle'] },
      { question: 'Which rooms are affected?', answers: ['Garage', 'Kitchen'] },
    ])
  })
})
