import { describe, expect, it } from 'vitest'
import { directionOfEndpoint, logOutcome, statusDot } from './request-logs.ts'

// docs/spec/dashboard-spec.md §4 log outcome, §2.12 status dot and direction rule.

describe('logOutcome', () => {
  it.each([
    [200, null, 'Success'],
    [204, null, 'Success'],
    [299, null, 'Success'],
    [300, null, 'Warning'],
    [302, null, 'Warning'],
    [199, null, 'Warning'],
    [400, null, 'Failed'],
    [503, null, 'Failed'],
    [null, null, 'Unknown'],
    [401, 'Webhook secret missing or wrong', 'Error'],
    [200, 'lookup failed', 'Error'],
    [null, 'no answer within 15000 ms', 'Error'],
  ] as const)('status %s with error %s → %s', (statusCode, error, outcome) => {
    expect(logOutcome({ statusCode, error })).toBe(outcome)
  })
})

describe('statusDot', () => {
  it.each([
    [200, 'green'],
    [299, 'green'],
    [400, 'red'],
    [500, 'red'],
    [302, 'orange'],
    [100, 'orange'],
    [null, 'grey'],
  ] as const)('%s → %s', (statusCode, dot) => {
    expect(statusDot(statusCode)).toBe(dot)
  })
})

describe('directionOfEndpoint', () => {
  it.each([
    ['https://api.yelp.com/v3/leads/abc/events', 'outgoing'],
    ['https://api.yelp.com/v3/businesses/subscriptions', 'outgoing'],
    ['/v3/businesses/subscriptions', 'outgoing'],
    ['https://services.leadconnectorhq.com/contacts/upsert', 'outgoing'],
    ['/yelp/webhook', 'incoming'],
    ['/YELP/WEBHOOK?secret=x', 'incoming'],
    ['/reply', 'incoming'],
    ['/ghl/webhook', 'incoming'],
    ['/api/backup', 'internal'],
    ['', 'internal'],
  ] as const)('%s → %s', (endpoint, direction) => {
    expect(directionOfEndpoint(endpoint)).toBe(direction)
  })
})
