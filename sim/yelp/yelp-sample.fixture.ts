import type { BusinessInput, LeadInput, UserInput } from './yelp-control.schemas.ts'
import { DAY_MS, yelpTime } from './yelp-time.ts'

/** What the fixture needs: the seeding helpers createYelpSim returns. */
export interface YelpSeedTarget {
  addUser(input: UserInput): { id: string }
  addBusiness(input: BusinessInput): { id: string }
  addLead(input: LeadInput): { id: string }
  /** The sim clock, in ms. */
  now(): number
}

export interface YelpSampleOptions {
  /** Give the business an active WEBHOOK subscription at once (default false: the hub subscribes). */
  isSubscribed?: boolean
  /** Emit NEW_EVENT webhooks for the seeded events (default false: the history predates the hub). */
  notify?: boolean
}

export const SAMPLE_IDS = {
  userId: 'yelp-user-alex',
  businessId: 'acme-roofing-sf',
  leadIds: ['lead-roof-repair', 'lead-gutter-cleaning', 'lead-skylight'],
} as const

/**
 * A realistic small world for the demo and the engine tests: one advertising roofing business
 * administered by one Yelp user, and three leads with survey answers, job names, availability,
 * attachments, an opted-in phone, a masked phone, and a reply typed on Yelp itself.
 */
export function seedYelpSample(target: YelpSeedTarget, options: YelpSampleOptions = {}) {
  const notify = options.notify ?? false
  const now = target.now()
  target.addUser({ id: SAMPLE_IDS.userId, displayName: 'Alex Rivera' })
  target.addBusiness({
    id: SAMPLE_IDS.businessId,
    name: 'Acme Roofing',
    adminUserIds: [SAMPLE_IDS.userId],
    isSubscribed: options.isSubscribed ?? false,
  })
  const [roof, gutter, skylight] = SAMPLE_IDS.leadIds

  target.addLead({
    id: roof,
    businessId: SAMPLE_IDS.businessId,
    createdAt: yelpTime(now - 2 * 3_600_000),
    consumerName: 'Pat Q.',
    phoneNumber: '+14155550123',
    notify,
    costPerLeadCents: 2350,
    project: {
      job_names: ['Roof repair'],
      survey_answers: [
        {
          question_text: 'What type of roof do you have?',
          answer_text: ['Asphalt shingle'],
          question_identifier: 'roof_type',
        },
        {
          question_text: 'What needs repair?',
          answer_text: ['Leak', 'Missing shingles'],
          question_identifier: 'repair_kind',
        },
        { question_text: 'How soon do you need this done?', answer_text: ['Within a week'] },
      ],
      location: { postal_code: '94110', city: 'San Francisco', state: 'CA' },
      additional_info: 'Leak over the garage, call after 5pm.',
      availability: {
        status: 'SPECIFIC_DATES',
        dates: [yelpTime(now + DAY_MS).slice(0, 10), yelpTime(now + 2 * DAY_MS).slice(0, 10)],
      },
      attachments: [
        {
          id: 'att-leak-1',
          url: 'https://example.invalid/yelp/leak.jpg',
          resource_name: 'leak.jpg',
          mime_type: 'image/jpeg',
        },
      ],
    },
    events: [
      {
        eventType: 'RAQ_SUBMIT',
        text: [
          'Pat Q. requested a quote for Roof repair.',
          'What type of roof do you have?: Asphalt shingle',
          'What needs repair?: Leak, Missing shingles',
          'How soon do you need this done?: Within a week',
          'Leak over the garage, call after 5pm.',
          'Hi, can you quote a roof repair? Water comes in when it rains.',
        ].join('\n'),
      },
      {
        text: 'Here is another photo of the ceiling.',
        attachments: [{ url: 'https://example.invalid/yelp/ceiling.jpg', mime_type: 'image/jpeg' }],
      },
    ],
  })

  target.addLead({
    id: gutter,
    businessId: SAMPLE_IDS.businessId,
    createdAt: yelpTime(now - 26 * 3_600_000),
    consumerName: 'Jordan M.',
    notify,
    project: {
      job_names: ['Gutter cleaning'],
      survey_answers: [{ question_text: 'How many stories is your home?', answer_text: ['2 stories'] }],
      location: { postal_code: '94117' },
      availability: { status: 'FLEXIBLE', dates: [] },
    },
    events: [
      {
        eventType: 'RAQ_SUBMIT',
        text: 'Jordan M. requested a quote for Gutter cleaning.\nHow many stories is your home?: 2 stories',
      },
      { from: 'BIZ', text: 'Thanks Jordan! We can come by Thursday morning. Does that work?' },
      { text: 'Thursday works, thank you.' },
    ],
  })

  target.addLead({
    id: skylight,
    businessId: SAMPLE_IDS.businessId,
    createdAt: yelpTime(now - 3 * DAY_MS),
    consumerName: 'Casey L.',
    maskedPhoneNumber: '+14155550999',
    notify,
    project: {
      job_names: ['Skylight installation'],
      survey_answers: [
        { question_text: 'Is this a new skylight or a replacement?', answer_text: ['Replacement'] },
        { question_text: 'Roof pitch', answer_text: ['Low slope'] },
      ],
      location: { postal_code: '94114' },
      additional_info: 'Old skylight is cracked.',
      availability: { status: 'SPECIFIC_DATES', dates: [yelpTime(now + 5 * DAY_MS).slice(0, 10)] },
    },
  })

  return { userId: SAMPLE_IDS.userId, businessId: SAMPLE_IDS.businessId, leadIds: [...SAMPLE_IDS.leadIds] }
}
