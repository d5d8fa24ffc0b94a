import type { DB } from '../../db/database.ts'
import {
  listSubscribedBusinesses,
  type SubscribedBusiness,
  saveSubscriptionCheck,
} from '../../repositories/yelp-subscriptions.repository.ts'
import { webhooksSilentBySubscription } from '../alerts/alert-events.ts'
import { type AlertPort, NO_ALERTS } from '../alerts/alert-port.ts'
import type { ChangePort } from '../changes/change-port.ts'
import type { SubscriptionsPort } from '../provider-ports.ts'

/**
 * docs/providers/yelp.md §3: a re-subscribe is asynchronous, "99% done within 15 minutes". A
 * business Yelp still does not list this long after the hub re-subscribed it was not restored.
 */
export const RESTORE_GRACE_MS = 60 * 60_000

export interface SubscriptionSyncResult {
  checked: number
  active: number
  restoring: string[]
  failed: string[]
  skipped?: string
}

/**
 * The daily subscription check (docs/decisions/0012 "Subscriptions"): Yelp recommends re-syncing subscriptions at least
 * every 24 h, because one can lapse silently and then no webhook arrives (docs/providers/yelp.md §2).
 * Lists the WEBHOOK subscriptions once, re-subscribes each hub-subscribed business missing from
 * it, and flags on the client the ones that cannot be restored.
 */
export class SubscriptionSync {
  constructor(
    private readonly db: DB,
    private readonly subscriptions: SubscriptionsPort,
    private readonly changes: ChangePort,
    private readonly alerts: AlertPort = NO_ALERTS,
  ) {}

  async run(now = new Date()): Promise<SubscriptionSyncResult> {
    const businesses = await listSubscribedBusinesses(this.db)
    const result: SubscriptionSyncResult = {
      checked: businesses.length,
      active: 0,
      restoring: [],
      failed: [],
    }
    if (businesses.length === 0) return result
    if (!this.subscriptions.isConfigured()) return { ...result, skipped: 'Yelp API key not configured' }
    const active = await this.subscriptions.listWebhookBusinessIds()
    for (const business of businesses) {
      const state = active.has(business.businessId) ? 'active' : await this.restore(business, now)
      if (state !== 'active') {
        // No webhook reaches the hub for this business until Yelp lists it again.
        await this.alerts.raise(
          webhooksSilentBySubscription(
            business.clientId,
            business.businessId,
            now.toISOString().slice(0, 10),
          ),
        )
      }
      if (state === 'active') {
        result.active += 1
        await saveSubscriptionCheck(this.db, business.clientId, { state, error: null, checkedAt: now })
      } else {
        result[state].push(business.clientId)
      }
      if (state !== business.state) this.changes.announce({ topic: 'clients', clientId: business.clientId })
    }
    return result
  }

  private async restore(business: SubscribedBusiness, now: Date): Promise<'restoring' | 'failed'> {
    const { clientId, businessId } = business
    const lastTry = business.resubscribedAt
    const wasNotRestored =
      (business.state === 'restoring' || business.state === 'failed') &&
      lastTry !== null &&
      now.getTime() - lastTry.getTime() > RESTORE_GRACE_MS
    try {
      await this.subscriptions.resubscribeWebhooks(businessId, clientId)
    } catch (error) {
      const reason = `Yelp refused to restore the webhook subscription of business ${businessId}: ${(error as Error).message}`
      await saveSubscriptionCheck(this.db, clientId, { state: 'failed', error: reason, checkedAt: now })
      return 'failed'
    }
    if (wasNotRestored) {
      // Asked again (it may still come), but the last accepted re-subscribe never took effect.
      const error = `Yelp accepted a re-subscription of business ${businessId} on ${lastTry.toISOString()} but still lists no webhook subscription for it`
      await saveSubscriptionCheck(this.db, clientId, {
        state: 'failed',
        error,
        checkedAt: now,
        resubscribedAt: now,
      })
      return 'failed'
    }
    await saveSubscriptionCheck(this.db, clientId, {
      state: 'restoring',
      error: null,
      checkedAt: now,
      resubscribedAt: now,
    })
    return 'restoring'
  }
}
