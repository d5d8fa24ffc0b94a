import { DEFAULT_PLAYBOOK, type Playbook } from '@common/playbook.ts'
import { describe, expect, it } from 'vitest'
import { type AutomationRowFacts, type LeadFacts, planAutomation } from './automation-plan.ts'

// Every rule of docs/spec/product.md §9.2 / §9.7 the planner decides, one row each.

const T = (hhmm: string, day = '2026-11-24') => new Date(`${day}T${hhmm}:00Z`)
const ALL_DAY: Playbook['businessHours'] = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00']]]),
)
const PLAYBOOK: Playbook = {
  ...DEFAULT_PLAYBOOK,
  businessHours: ALL_DAY,
  firstReply: { ...DEFAULT_PLAYBOOK.firstReply, enabled: true, delaySeconds: 60, inHours: 'Hi {firstName}' },
  followUps: [
    { afterMinutes: 60, text: 'Still there?' },
    { afterMinutes: 1440, text: 'Last call' },
  ],
}

function facts(patch: Partial<LeadFacts> = {}): LeadFacts {
  return {
    now: T('10:00'),
    playbook: PLAYBOOK,
    firstReplySince: T('00:00', '2026-11-01'),
    followUpsSince: T('00:00', '2026-11-01'),
    imported: false,
    status: 'new',
    firstConsumerMessageAt: T('10:00'),
    newestConsumerMessageAt: T('10:00'),
    lastPersonReplyAt: null,
    rows: [],
    ...patch,
  }
}

const row = (
  kind: AutomationRowFacts['kind'],
  step: number,
  state: AutomationRowFacts['state'],
  at: Date,
  reason: string | null = null,
): AutomationRowFacts => ({
  kind,
  step,
  state,
  reason,
  dueAt: at,
  at,
})

describe('planAutomation', () => {
  it.each<[string, Partial<LeadFacts>, unknown[]]>([
    [
      'schedules the first reply after its delay',
      {},
      [{ type: 'schedule', kind: 'first_reply', step: 0, dueAt: T('10:01') }],
    ],
    [
      'schedules it now when the delay has passed',
      { now: T('11:00') },
      [{ type: 'schedule', kind: 'first_reply', step: 0, dueAt: T('11:00') }],
    ],
    [
      'skips it when a person already answered',
      { lastPersonReplyAt: T('10:00') },
      [{ type: 'record', kind: 'first_reply', step: 0, state: 'skipped', reason: 'business_replied' }],
    ],
    [
      'owes none to a lead that wrote before first replies were turned on',
      { firstReplySince: T('12:00'), playbook: { ...PLAYBOOK, followUps: [] } },
      [],
    ],
    [
      'does nothing while the first reply is scheduled',
      { rows: [row('first_reply', 0, 'scheduled', T('10:01'))] },
      [],
    ],
    [
      'cancels what is scheduled when the status is converted or closed',
      { status: 'closed', rows: [row('follow_up', 1, 'scheduled', T('11:00'))] },
      [{ type: 'cancel_scheduled', reason: 'status_closed' }],
    ],
    [
      'cancels what is scheduled when a person replies',
      {
        lastPersonReplyAt: T('10:30'),
        rows: [row('first_reply', 0, 'sent', T('10:01')), row('follow_up', 1, 'scheduled', T('11:01'))],
      },
      [{ type: 'cancel_scheduled', reason: 'business_replied' }],
    ],
    [
      'schedules follow-up 1 after the sent first reply',
      { rows: [row('first_reply', 0, 'sent', T('10:01'))] },
      [{ type: 'schedule', kind: 'follow_up', step: 1, dueAt: T('11:01') }],
    ],
    [
      'schedules step 2 from step 1, not beyond the last step',
      { rows: [row('first_reply', 0, 'sent', T('10:01')), row('follow_up', 1, 'sent', T('11:01'))] },
      [{ type: 'schedule', kind: 'follow_up', step: 2, dueAt: T('11:01', '2026-11-25') }],
    ],
    [
      'stops after the playbook’s steps',
      {
        rows: [
          row('first_reply', 0, 'sent', T('10:01')),
          row('follow_up', 1, 'sent', T('11:01')),
          row('follow_up', 2, 'sent', T('11:01', '2026-11-25')),
        ],
      },
      [],
    ],
    [
      'cancels a scheduled follow-up when the consumer writes after the last automated message',
      {
        newestConsumerMessageAt: T('10:30'),
        rows: [row('first_reply', 0, 'sent', T('10:01')), row('follow_up', 1, 'scheduled', T('11:01'))],
      },
      [{ type: 'cancel_scheduled', reason: 'consumer_replied' }],
    ],
    [
      'never resumes a sequence the consumer stopped',
      {
        rows: [
          row('first_reply', 0, 'sent', T('10:01')),
          row('follow_up', 1, 'cancelled', T('10:30'), 'consumer_replied'),
        ],
      },
      [],
    ],
    [
      'waits for a drafted first reply to be sent before follow-ups',
      { rows: [row('first_reply', 0, 'drafted', T('10:01'))] },
      [],
    ],
    [
      'with first replies off, starts follow-up 1 from the consumer’s newest message',
      {
        playbook: { ...PLAYBOOK, firstReply: { ...PLAYBOOK.firstReply, enabled: false } },
        newestConsumerMessageAt: T('10:20'),
      },
      [{ type: 'schedule', kind: 'follow_up', step: 1, dueAt: T('11:20') }],
    ],
    [
      'moves a follow-up due outside business hours to the next opening',
      {
        playbook: { ...PLAYBOOK, businessHours: { tue: [['08:00', '10:30']], wed: [['08:00', '18:00']] } },
        rows: [row('first_reply', 0, 'sent', T('10:01'))],
      },
      [{ type: 'schedule', kind: 'follow_up', step: 1, dueAt: T('08:00', '2026-11-25') }],
    ],
    [
      'follows up no lead whose conversation began before follow-ups were switched on',
      {
        followUpsSince: T('12:00'),
        playbook: { ...PLAYBOOK, firstReply: { ...PLAYBOOK.firstReply, enabled: false } },
        firstConsumerMessageAt: T('08:00', '2026-11-20'),
        newestConsumerMessageAt: T('08:00', '2026-11-20'),
      },
      [],
    ],
    [
      'nor after its first reply, when follow-ups came after its conversation began',
      { followUpsSince: T('10:30'), rows: [row('first_reply', 0, 'sent', T('10:01'))] },
      [],
    ],
    [
      'follows up no lead while follow-ups were never switched on',
      { followUpsSince: null, rows: [row('first_reply', 0, 'sent', T('10:01'))] },
      [],
    ],
    [
      'follows up no imported lead, even a recent one',
      {
        imported: true,
        playbook: { ...PLAYBOOK, firstReply: { ...PLAYBOOK.firstReply, enabled: false } },
      },
      [],
    ],
    [
      'keeps a lead already in the sequence going',
      {
        followUpsSince: T('10:30'),
        rows: [row('first_reply', 0, 'sent', T('10:01')), row('follow_up', 1, 'sent', T('11:01'))],
      },
      [{ type: 'schedule', kind: 'follow_up', step: 2, dueAt: T('11:01', '2026-11-25') }],
    ],
    [
      'plans nothing without a consumer message',
      { firstConsumerMessageAt: null, newestConsumerMessageAt: null },
      [],
    ],
  ])('%s', (_, patch, expected) => {
    expect(planAutomation(facts(patch))).toEqual(expected)
  })
})
