import type { Alert } from '@common/alerts.ts'
import { describe, expect, it } from 'vitest'
import { groupAlertsByEvent } from '@/features/alerts/utils/group-alerts.ts'

const alert = (id: number, eventId: string, channelId: string): Alert => ({
  id,
  eventId,
  type: 'lead.new',
  channelId,
  clientId: 'acme',
  leadId: 'lead-1',
  state: 'sent',
  attempts: 1,
  reason: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  sentAt: null,
  summary: 'New lead',
})

describe('groupAlertsByEvent', () => {
  it('puts one event’s deliveries together, newest event first, even when another event came between', () => {
    const groups = groupAlertsByEvent([
      alert(5, 'evt_b', 'slack'),
      alert(4, 'evt_a', 'slack'),
      alert(3, 'evt_b', 'email'),
      alert(2, 'evt_a', 'email'),
      alert(1, 'evt_c', 'slack'),
    ])
    expect(groups.map((group) => [group.eventId, group.deliveries.map((each) => each.channelId)])).toEqual([
      ['evt_b', ['slack', 'email']],
      ['evt_a', ['slack', 'email']],
      ['evt_c', ['slack']],
    ])
  })
})
