import type { ChangeEvent } from '@common/leads.ts'
import type { QueryKey } from '@tanstack/react-query'

// Which cached queries a change event makes stale (docs/spec/product.md §6.1 GET /api/events).
// Query keys lead with their URL (web/src/lib/query-client.ts); a list's filters follow as an
// object, a resource's id as a string. A change of one client leaves other clients' lists alone.

const TOPIC_URLS: Record<ChangeEvent['topic'], readonly string[]> = {
  // A lead's cost and first reply are written by jobs and syncs, each announcing `leads`; a
  // status change or a reply marked outside Yelp changes the count of leads awaiting a reply.
  leads: ['/api/leads', '/api/leads/facets', '/api/stats', '/api/stats/clients', '/api/stats/first-replies'],
  messages: [
    '/api/messages',
    '/api/leads',
    '/api/stats',
    '/api/stats/activity',
    '/api/stats/clients',
    '/api/stats/first-replies',
  ],
  logs: ['/api/all-request-logs', '/api/all-request-logs/endpoints', '/api/webhook-logs', '/api/stats'],
  // A saved playbook announces its client: the list's on/off follows.
  clients: ['/api/clients', '/api/stats', '/api/stats/clients', '/api/playbooks/summary'],
  jobs: ['/api/jobs', '/api/health', '/api/system-health'],
  alerts: ['/api/alerts', '/api/system-health'],
}

/** Every URL a live event can refresh: what a resync reloads. */
export const LIVE_URLS: ReadonlySet<string> = new Set(Object.values(TOPIC_URLS).flat())

export function isAffected(queryKey: QueryKey, change: ChangeEvent): boolean {
  const [url, detail] = queryKey
  if (typeof url !== 'string' || !TOPIC_URLS[change.topic].includes(url)) return false
  if (typeof detail === 'string') {
    // One resource: the lead the change names (a lead's replies are messages too).
    if (url === '/api/leads') return !change.leadId || detail === change.leadId
    return !change.clientId || detail === change.clientId
  }
  if (detail && typeof detail === 'object' && change.clientId) {
    const shownClient = (detail as { clientId?: unknown }).clientId
    if (typeof shownClient === 'string' && shownClient && shownClient !== change.clientId) return false
  }
  // `messages` events refresh a lead's own view, not every lead list.
  if (change.topic === 'messages' && url === '/api/leads') return false
  return true
}

export function isLive(queryKey: QueryKey): boolean {
  return typeof queryKey[0] === 'string' && LIVE_URLS.has(queryKey[0])
}
