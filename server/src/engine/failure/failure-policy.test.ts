import { describe, expect, it } from 'vitest'
import {
  DailyCapReachedError,
  PermanentProviderError,
  ProviderTimeoutError,
  TransientProviderError,
} from '../../integrations/http/provider-errors.ts'
import { NeedsReauthError, NotConnectedError } from '../../integrations/oauth/token-manager.ts'
import { classifyFailure, type FailureDecision, type FailureFacts, withPause } from './failure-policy.ts'

const NOW = new Date('2026-11-24T12:00:00.000Z')
const HOUR = 3600_000
const DAY = 24 * HOUR
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString()
const later = (ms: number) => new Date(NOW.getTime() + ms)

const facts = (overrides: Partial<FailureFacts> = {}): FailureFacts => ({
  now: NOW,
  clientDeleted: false,
  yelpAccessLost: false,
  dailyCapResetAt: null,
  horizonMs: DAY,
  retry: undefined,
  isLastAttempt: false,
  backoff: { baseMs: 2_000, maxMs: 15 * 60_000 },
  random: 0.5,
  ...overrides,
})

const yelp404 = new PermanentProviderError('yelp', 'Reading lead x failed: 404', 404)
const ghl5xx = new TransientProviderError('ghl', 'Posting the message failed: 502')
const rows: Array<{ row: string; error: unknown; facts: FailureFacts; decision: FailureDecision }> = [
  {
    row: 'deleted client',
    error: ghl5xx,
    facts: facts({ clientDeleted: true }),
    decision: { kind: 'drop', reason: 'client deleted' },
  },
  {
    row: 'needs re-auth',
    error: new NeedsReauthError('ghl', 'GHL needs re-authorization'),
    facts: facts(),
    decision: { kind: 'park', provider: 'ghl', reason: 'GHL needs re-authorization' },
  },
  {
    row: 'Yelp access lost (a 404 from a token without the business)',
    error: yelp404,
    facts: facts({ yelpAccessLost: true }),
    decision: { kind: 'park', provider: 'yelp', reason: yelp404.message },
  },
  {
    row: 'GHL daily cap spent',
    error: new DailyCapReachedError('ghl', 'daily limit reached', 3 * HOUR),
    facts: facts({ dailyCapResetAt: later(3 * HOUR) }),
    decision: { kind: 'defer', until: later(3 * HOUR), reason: 'daily limit reached' },
  },
  {
    row: '429 with Retry-After: when the provider said',
    error: new TransientProviderError('ghl', '429', 12_000),
    facts: facts(),
    decision: {
      kind: 'reschedule',
      at: later(12_000),
      retry: { since: NOW.toISOString(), attempt: 1 },
      reason: '429',
    },
  },
  {
    row: '429 without Retry-After: backoff with jitter (third failure: 8 s, 6–8 s)',
    error: new TransientProviderError('yelp', '429'),
    facts: facts({ retry: { since: ago(HOUR), attempt: 2 } }),
    decision: {
      kind: 'reschedule',
      at: later(6_000),
      retry: { since: ago(HOUR), attempt: 3 },
      reason: '429',
    },
  },
  {
    row: '5xx: backoff, capped (20th failure: 15 min, 11.25 min at this jitter)',
    error: ghl5xx,
    facts: facts({ retry: { since: ago(HOUR), attempt: 19 } }),
    decision: {
      kind: 'reschedule',
      at: later(11.25 * 60_000),
      retry: { since: ago(HOUR), attempt: 20 },
      reason: ghl5xx.message,
    },
  },
  {
    row: 'timeout',
    error: new ProviderTimeoutError('yelp', 'no answer in 15 s'),
    facts: facts({ random: 0 }),
    decision: {
      kind: 'reschedule',
      at: later(1_000),
      retry: { since: NOW.toISOString(), attempt: 1 },
      reason: 'no answer in 15 s',
    },
  },
  {
    row: 'permanent 4xx',
    error: new PermanentProviderError('yelp', 'Writing failed: 400', 400),
    facts: facts(),
    decision: { kind: 'dead', reason: 'Writing failed: 400' },
  },
  {
    row: 'a missing connection',
    error: new NotConnectedError('Client acme has no GHL connection'),
    facts: facts(),
    decision: { kind: 'dead', reason: 'Client acme has no GHL connection' },
  },
  {
    row: 'past the horizon',
    error: ghl5xx,
    facts: facts({ retry: { since: ago(DAY + 1), attempt: 90 } }),
    decision: { kind: 'dead', reason: `still failing after the retry horizon: ${ghl5xx.message}` },
  },
  {
    row: 'past the horizon only when parked or deferred time is counted: rescheduled',
    error: ghl5xx,
    facts: facts({ random: 0, retry: { since: ago(25 * HOUR), attempt: 1, pausedMs: 2 * HOUR } }),
    decision: {
      kind: 'reschedule',
      at: later(2_000),
      retry: { since: ago(25 * HOUR), attempt: 2, pausedMs: 2 * HOUR },
      reason: ghl5xx.message,
    },
  },
  {
    row: 'transient without a horizon: pg-boss retries',
    error: ghl5xx,
    facts: facts({ horizonMs: undefined }),
    decision: { kind: 'retry', reason: ghl5xx.message },
  },
  {
    row: 'transient without a horizon, pg-boss’s last attempt',
    error: ghl5xx,
    facts: facts({ horizonMs: undefined, isLastAttempt: true }),
    decision: { kind: 'dead', reason: ghl5xx.message },
  },
  {
    row: 'another error (the database): pg-boss retries',
    error: new Error('connection terminated'),
    facts: facts(),
    decision: { kind: 'retry', reason: 'connection terminated' },
  },
  {
    row: 'another error on the last attempt',
    error: new Error('connection terminated'),
    facts: facts({ isLastAttempt: true }),
    decision: { kind: 'dead', reason: 'connection terminated' },
  },
]

describe('classifyFailure', () => {
  it.each(rows)('$row', ({ error, facts, decision }) => {
    expect(classifyFailure(error, facts)).toEqual(decision)
  })
})

describe('withPause', () => {
  it('adds the time waited to a retrying job’s pause, and leaves a job that never failed alone', () => {
    expect(withPause({ since: ago(HOUR), attempt: 2 }, 5_000)).toEqual({
      since: ago(HOUR),
      attempt: 2,
      pausedMs: 5_000,
    })
    expect(withPause({ since: ago(HOUR), attempt: 2, pausedMs: 1_000 }, 5_000)?.pausedMs).toBe(6_000)
    expect(withPause(undefined, 5_000)).toBeUndefined()
  })
})
