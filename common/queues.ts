// The engine's job queues and their names in words. The server creates one pg-boss queue per
// name; the dashboard's Failed-jobs card labels each dead job with its queue's label.

/** The durable work of the engine; each value is a pg-boss queue name. */
export const QUEUES = {
  /** Fetch a Yelp lead and its events, mirror it into GHL. One queued + one running per lead. */
  leadSync: 'yelp-lead-sync',
  /**
   * The same sync, queued by the thousand by an import or a reconcile: a queue of its own with few
   * workers, so a webhook's sync always finds a free worker (bench/RESULTS.md, "drain").
   */
  leadSyncBulk: 'yelp-lead-sync-bulk',
  /** Deliver a GHL reply to Yelp and report the outcome back to GHL. */
  reply: 'ghl-reply',
  /** Upsert every stored lead of a client as a GHL contact. */
  contactSync: 'ghl-sync-contacts',
  /** Page a business's lead ids and queue each lead. */
  leadImport: 'yelp-lead-import',
  /** Every 15 minutes: fetch what webhooks missed, per connected business. */
  reconcile: 'yelp-reconcile',
  /** Deliver a reply typed in the hub's inbox to Yelp, then mirror it into GHL as outbound. */
  hubReply: 'hub-reply',
  /** Push a lead's contact details edited in the inbox to its GHL contact. */
  leadContact: 'lead-contact-update',
  /** Mark on Yelp the consumer event a person opened in the inbox (docs/decisions/0012). */
  markRead: 'yelp-mark-read',
  /** Daily: re-subscribe the businesses whose Yelp webhook subscription lapsed (docs/decisions/0012). */
  subscriptionSync: 'yelp-subscription-sync',
  /** Fetch a stored lead's cost_per_lead from Yelp, once per lead (docs/decisions/0014). */
  leadMetrics: 'yelp-lead-metrics',
  /** Daily: delete logs and messages older than the logRetention setting. */
  logRetention: 'log-retention',
  /** Every five minutes: delete expired sessions (and vacuum the embedded database). */
  housekeeping: 'housekeeping',
  /** Decide and carry out a lead's first reply and follow-ups (docs/spec/product.md §9.2). */
  leadAutomation: 'lead-automation',
  /**
   * A first reply the model writes (docs/spec/product.md §9.6): workers of its own, so a slow or
   * hanging model never holds the template replies and follow-ups of other leads.
   */
  leadAutomationAi: 'lead-automation-ai',
  /** Every minute: queue the leads whose automation step is due (a lost wake-up, a moved clock). */
  automationSweep: 'lead-automation-sweep',
  /** Create a lead's GHL opportunity, or move it to its status's stage (docs/spec/product.md §9.4). */
  opportunitySync: 'ghl-opportunity-sync',
  /** Give every stored lead of a client its opportunity (the pipeline step's backfill). */
  opportunityBackfill: 'ghl-opportunity-backfill',
  /** Deliver one alert to one channel (docs/spec/product.md §9.3), retried for 24 h. */
  alertDelivery: 'alert-delivery',
  /** Every minute: leads waiting past a channel's SLA, and jobs that died, become alerts. */
  alertConditions: 'alert-conditions',
  /** A snapshot of the database at the `backupFrequency` setting's ticks. */
  scheduledBackup: 'scheduled-backup',
  /**
   * Fill the request logs' search text and counts, off the webhook's answer: after a burst of
   * webhooks, and every minute for what other writers logged.
   */
  logIndex: 'log-index',
} as const

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]

/** Every queue in words: a queue added above without a label here does not compile. */
export const QUEUE_LABELS: { readonly [Q in QueueName]: string } = {
  'yelp-lead-sync': 'Lead sync',
  'yelp-lead-sync-bulk': 'Lead sync',
  'ghl-reply': 'Reply to Yelp',
  'ghl-sync-contacts': 'Contact sync',
  'yelp-lead-import': 'Lead import',
  'yelp-reconcile': 'Reconcile',
  'hub-reply': 'Inbox reply to Yelp',
  'lead-contact-update': 'Contact update',
  'yelp-mark-read': 'Mark read on Yelp',
  'yelp-subscription-sync': 'Subscription check',
  'yelp-lead-metrics': 'Lead cost',
  'log-retention': 'Log retention',
  housekeeping: 'Housekeeping',
  'lead-automation': 'First reply and follow-ups',
  'lead-automation-ai': 'AI first reply',
  'lead-automation-sweep': 'Due follow-ups',
  'ghl-opportunity-sync': 'Opportunity sync',
  'ghl-opportunity-backfill': 'Opportunity backfill',
  'alert-delivery': 'Alert delivery',
  'alert-conditions': 'Alert conditions',
  'scheduled-backup': 'Scheduled backup',
  'log-index': 'Log search index',
}

export const QUEUE_NAMES: readonly QueueName[] = Object.values(QUEUES)

export function isQueueName(queue: string): queue is QueueName {
  return (QUEUE_NAMES as readonly string[]).includes(queue)
}

/** A queue's name in words; an unknown queue (one a newer server added) keeps its own name. */
export function queueLabel(queue: string): string {
  return isQueueName(queue) ? QUEUE_LABELS[queue] : queue
}
