import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { STANDARD_RETRIES } from '../queue/queues.ts'
import { SubscriptionSync } from '../yelp-duties/subscription-sync.ts'
import { defineJob, type JobDeps } from './job-definition.ts'

/** Daily at 04:23 UTC: Yelp asks for a re-sync at least every 24 h (docs/decisions/0012). */
export const SUBSCRIPTION_SYNC_CRON = '23 4 * * *'

/** The daily check, as its job and an on-demand caller (a test) build it. */
export function subscriptionSyncOf(deps: JobDeps): SubscriptionSync {
  return new SubscriptionSync(deps.db, deps.subscriptions, deps.changes, deps.alerts)
}

/** Re-subscribe the businesses whose Yelp webhook subscription lapsed. */
export const subscriptionSyncJob = defineJob({
  queue: QUEUES.subscriptionSync,
  // A cron job carries no data.
  payload: z.looseObject({}),
  workers: 1,
  // `singleton`: one check at a time across processes; a second tick waits for the first.
  options: { ...STANDARD_RETRIES, retryLimit: 2, policy: 'singleton' },
  // One schedule row in the database: one job per tick whatever the number of processes.
  schedule: { cron: SUBSCRIPTION_SYNC_CRON, tz: 'UTC' },
  announces: 'logs',
  handle: (_job, { deps }) => subscriptionSyncOf(deps).run(),
})
