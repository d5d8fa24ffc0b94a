import { storedMessagesOf } from '@common/lead-model.ts'
import { describe, expect, it } from 'vitest'
import { yelpEventSchema, yelpLeadSchema } from '../../integrations/yelp/yelp.schemas.ts'
import { yelpLeadMessage, yelpLeadSnapshot } from '../../integrations/yelp/yelp-lead-source.ts'
import type { LeadRow } from '../../repositories/leads.repository.ts'
import { mergeMessagesById, toLeadFields, withMessages } from './lead-mapper.ts'

// The row of a Yelp lead, written from the hub's own lead model (docs/decisions/0029): the
// specification's shape (docs/spec/dashboard-spec.md §3.2) the hub wrote from Yelp's JSON before,
// its events with their `kind` added and their content as the hub reads it (text, else fallback).

const lead = yelpLeadSchema.parse({
  id: 'lead-1',
  business_id: 'biz',
  conversation_id: 'conv-1',
  temporary_email_address: 'relay@messaging.yelp.com',
  temporary_email_address_expiry: '2026-12-01T00:00:00+00:00',
  phone_number: '+14155550100',
  time_created: '2026-11-27T10:00:00+00:00',
  last_event_time: '2026-11-27T10:05:00+00:00',
  user: { display_name: 'Maria L.' },
  project: {
    job_names: ['Roof inspection'],
    additional_info: 'Leaky',
    location: { postal_code: '94110' },
    availability: { status: 'FLEXIBLE', dates: ['2026-12-01'] },
    survey_answers: [
      { question_text: 'What type of roof?', answer_text: ['Tile', 'Flat'] },
      { question_text: 'When?', answer_text: 'Soon' },
    ],
    attachments: [{ id: 'a1', url: 'https://x/a.jpg', resource_name: 'a.jpg', mime_type: 'image/jpeg' }],
  },
})
const events = [
  {
    id: 'e1',
    event_type: 'TEXT',
    user_type: 'CONSUMER',
    user_display_name: 'Maria L.',
    time_created: '2026-11-27T10:00:00+00:00',
    event_content: { text: 'Hello', fallback_text: 'Hello' },
  },
  {
    id: 'e2',
    event_type: 'CONSUMER_PHONE_NUMBER_OPT_IN_EVENT',
    user_type: 'CONSUMER',
    time_created: '2026-11-27T10:01:00+00:00',
    event_content: { fallback_text: 'opted in' },
  },
  {
    id: 'e3',
    event_type: 'TEXT',
    user_type: 'BIZ',
    user_display_name: 'Acme',
    time_created: '2026-11-27T10:02:00+00:00',
    event_content: { text: ' Hi there ' },
  },
  {
    id: 'e4',
    event_type: 'ATTACHMENT',
    user_type: 'CONSUMER',
    time_created: '2026-11-27T10:03:00+00:00',
    event_content: { attachments: [{ id: 'p1', url: 'https://x/p.jpg' }] },
  },
].map((event) => yelpEventSchema.parse(event))
const messages = events.map(yelpLeadMessage)

describe('toLeadFields of a Yelp lead', () => {
  const fields = toLeadFields('acme', 'yelp', yelpLeadSnapshot(lead), messages)

  it('keeps the lead’s source and the spec’s userData and projectData, as written from Yelp’s JSON', () => {
    expect(fields).toMatchObject({
      leadId: 'lead-1',
      clientId: 'acme',
      source: 'yelp',
      businessId: 'biz',
      conversationId: 'conv-1',
      userDisplayName: 'Maria L.',
      temporaryEmailAddress: 'relay@messaging.yelp.com',
      temporaryEmailExpiry: new Date('2026-12-01T00:00:00Z'),
      timeCreated: new Date('2026-11-27T10:00:00Z'),
      lastEventTime: new Date('2026-11-27T10:05:00Z'),
    })
    expect(fields.userData).toEqual({
      display_name: 'Maria L.',
      email: null,
      temporary_email: 'relay@messaging.yelp.com',
      phone: '+14155550100',
      postal_code: '94110',
    })
    // JSON as the jsonb column stores it: a member Yelp left out stays out.
    expect(JSON.parse(JSON.stringify(fields.projectData))).toEqual({
      additional_info: 'Leaky',
      postal_code: '94110',
      availability_status: 'FLEXIBLE',
      availability_dates: ['2026-12-01'],
      job_names: ['Roof inspection'],
      survey_fields: { 'What type of roof?': ['Tile', 'Flat'], 'When?': ['Soon'] },
      original_survey_answers: [
        { question_text: 'What type of roof?', answer_text: ['Tile', 'Flat'] },
        { question_text: 'When?', answer_text: ['Soon'] },
      ],
      attachments: [{ id: 'a1', url: 'https://x/a.jpg', resource_name: 'a.jpg', mime_type: 'image/jpeg' }],
    })
  })

  it('stores the events in the spec’s shape, each with its kind', () => {
    expect(fields.events).toEqual([
      expect.objectContaining({
        id: 'e1',
        kind: 'message',
        event_type: 'TEXT',
        user_type: 'CONSUMER',
        user_display_name: 'Maria L.',
        timestamp: '2026-11-27T10:00:00+00:00',
        time_created: '2026-11-27T10:00:00+00:00',
        description: 'Hello',
        event_content: { text: 'Hello' },
      }),
      expect.objectContaining({
        id: 'e2',
        kind: 'contact_changed',
        event_type: 'CONSUMER_PHONE_NUMBER_OPT_IN_EVENT',
        description: 'opted in',
      }),
      expect.objectContaining({ id: 'e3', kind: 'message', user_type: 'BIZ', description: 'Hi there' }),
      expect.objectContaining({
        id: 'e4',
        kind: 'message',
        description: '',
        event_content: expect.objectContaining({
          attachments: [expect.objectContaining({ id: 'p1', url: 'https://x/p.jpg' })],
        }),
      }),
    ])
    // Read back, the stored events are the messages the sync read.
    expect(storedMessagesOf(fields)).toEqual(messages)
  })

  it('derives who spoke last and the response time from the messages, not the contact change', () => {
    expect(fields).toMatchObject({
      firstConsumerMessageAt: new Date('2026-11-27T10:00:00Z'),
      firstBusinessReplyAt: new Date('2026-11-27T10:02:00Z'),
      lastBusinessMessageAt: new Date('2026-11-27T10:02:00Z'),
      waitingSince: new Date('2026-11-27T10:03:00Z'),
    })
  })
})

describe('withMessages', () => {
  it('keeps the stored lead and its source, with the merged messages and their times', () => {
    const [first, ...later] = messages
    const stored = {
      ...toLeadFields('acme', 'yelp', yelpLeadSnapshot(lead), first ? [first] : []),
      id: 7,
      status: 'new',
      createdAt: new Date(),
      updatedAt: new Date(),
    } as unknown as LeadRow
    const merged = mergeMessagesById(storedMessagesOf(stored), later)
    const fields = withMessages(stored, merged)
    expect(fields).not.toHaveProperty('id')
    expect(fields).toMatchObject({
      source: 'yelp',
      userData: stored.userData,
      waitingSince: new Date('2026-11-27T10:03:00Z'),
    })
    expect(storedMessagesOf(fields).map((message) => message.id)).toEqual(['e1', 'e2', 'e3', 'e4'])
  })
})
