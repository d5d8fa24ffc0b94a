import { describe, expect, it } from 'vitest'
import { messageRoute } from '@/features/message-logs/utils/message-display.ts'

describe('messageRoute', () => {
  it.each([
    ['a Yelp message forwarded to GHL', { direction: 'inbound', metadata: null }, 'Yelp → GHL', null],
    [
      'a reply written in GHL',
      { direction: 'outbound', metadata: { ghlMessageId: 'm1' } },
      'GHL → Yelp',
      null,
    ],
    [
      'a reply from the inbox',
      { direction: 'outbound', metadata: { source: 'inbox', sentBy: 'pat' } },
      'Inbox → Yelp',
      'Sent by pat from the inbox',
    ],
    [
      'an automated first reply',
      { direction: 'outbound', metadata: { source: 'automation', automation: 'first_reply', step: 0 } },
      'Playbook → Yelp',
      'Automated first reply (playbook)',
    ],
    [
      'an automated follow-up',
      { direction: 'outbound', metadata: { source: 'automation', automation: 'follow_up', step: 2 } },
      'Playbook → Yelp',
      'Automated follow-up 2 (playbook)',
    ],
    [
      'a playbook draft a person approved',
      { direction: 'outbound', metadata: { source: 'automation', draftKind: 'first_reply', sentBy: 'sam' } },
      'Playbook → Yelp',
      'First reply (playbook), approved by sam',
    ],
  ] as const)('names %s', (_, message, label, detail) => {
    expect(messageRoute(message)).toEqual({ label, detail })
  })
})
