import { describe, expect, it } from 'vitest'
import { attemptsText, failedAt, leadIdOf, timeAgo } from '@/features/jobs/utils/job-display.ts'

describe('attemptsText', () => {
  it.each([
    { retryCount: 0, text: '1 attempt' },
    { retryCount: 1, text: '2 attempts' },
    { retryCount: 8, text: '9 attempts' },
  ])('retryCount $retryCount → $text', ({ retryCount, text }) => {
    expect(attemptsText({ retryCount })).toBe(text)
  })
})

describe('failedAt', () => {
  const createdOn = '2026-03-01T10:00:00.000Z'
  const startedOn = '2026-03-01T10:00:01.000Z'
  const completedOn = '2026-03-01T10:08:00.000Z'
  it.each([
    { job: { createdOn, startedOn, completedOn }, when: completedOn },
    { job: { createdOn, startedOn, completedOn: null }, when: startedOn },
    { job: { createdOn, startedOn: null, completedOn: null }, when: createdOn },
    { job: { createdOn: '', startedOn: null, completedOn: null }, when: null },
    { job: { createdOn, startedOn: null, completedOn: 'garbage' }, when: createdOn },
  ])('→ $when', ({ job, when }) => {
    expect(failedAt(job)).toBe(when)
  })
})

describe('leadIdOf', () => {
  it.each([
    { data: { clientId: 'acme', leadId: 'lead-1', reason: 'NEW_EVENT' }, leadId: 'lead-1' },
    { data: { clientId: 'acme' }, leadId: null },
    { data: { leadId: 42 }, leadId: null },
    { data: null, leadId: null },
    { data: 'text', leadId: null },
  ])('$data → $leadId', ({ data, leadId }) => {
    expect(leadIdOf({ data })).toBe(leadId)
  })
})

describe('timeAgo', () => {
  const now = Date.parse('2026-03-01T12:00:00.000Z')
  it.each([
    { iso: '2026-03-01T11:59:30.000Z', text: 'just now' },
    { iso: '2026-03-01T11:55:00.000Z', text: '5 minutes ago' },
    { iso: '2026-03-01T09:00:00.000Z', text: '3 hours ago' },
    { iso: '2026-02-28T12:00:00.000Z', text: 'yesterday' },
    { iso: 'not a date', text: 'just now' },
  ])('$iso → $text', ({ iso, text }) => {
    expect(timeAgo(iso, now)).toBe(text)
  })
})
