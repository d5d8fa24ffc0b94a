import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'

// The Prometheus families of docs/spec/product.md §9.5 that count what happens in this process
// (webhooks, forwarded messages, provider calls, latencies), and the process defaults. The
// families read from the database (jobs, waiting leads, connections, alerts) are the metrics
// module's, per server. Labels never carry a lead, contact or user id (§9.5, §9.7).

export const processRegistry = new Registry()
let hasDefaults = false

/** Node's own figures (CPU, memory, event loop lag, GC), once per process. */
export function collectProcessDefaults(): void {
  if (hasDefaults) return
  hasDefaults = true
  collectDefaultMetrics({ register: processRegistry })
}

export const webhooksReceived = new Counter({
  name: 'leadrelay_webhooks_received_total',
  help: 'Yelp webhook deliveries received (POST /yelp/webhook).',
  registers: [processRegistry],
})

export const messagesForwarded = new Counter({
  name: 'leadrelay_messages_forwarded_total',
  help: 'Messages forwarded: inbound = Yelp consumer messages into GHL, outbound = replies delivered to Yelp.',
  labelNames: ['direction'] as const,
  registers: [processRegistry],
})

export const providerRequests = new Counter({
  name: 'leadrelay_provider_requests_total',
  help: 'Calls to Yelp and GHL by status class (error: no answer).',
  labelNames: ['provider', 'status'] as const,
  registers: [processRegistry],
})

export const providerRequestDuration = new Histogram({
  name: 'leadrelay_provider_request_duration_seconds',
  help: 'Duration of calls to Yelp and GHL.',
  labelNames: ['provider'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processRegistry],
})

export const webhookToGhlSeconds = new Histogram({
  name: 'leadrelay_webhook_to_ghl_seconds',
  help: 'Seconds from a Yelp consumer message (its event time) to its copy in GHL, for webhook-driven syncs.',
  buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900],
  registers: [processRegistry],
})

export const alertDeliverySeconds = new Histogram({
  name: 'leadrelay_alert_delivery_seconds',
  help: 'Seconds from an alert being raised to its delivery to a channel.',
  labelNames: ['channel_type'] as const,
  buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 3600],
  registers: [processRegistry],
})

/** `2xx` … `5xx`, or `error` when the call got no answer. */
export function statusClass(status: number): '2xx' | '3xx' | '4xx' | '5xx' | 'error' {
  if (status >= 200 && status < 600) return `${Math.floor(status / 100)}xx` as '2xx' | '3xx' | '4xx' | '5xx'
  return 'error'
}
