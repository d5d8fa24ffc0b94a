import type { LeadReaction } from './lead-reaction.ts'
import { leadAlertsReaction } from './reactions/lead-alerts.reaction.ts'
import { leadAutomationReaction } from './reactions/lead-automation.reaction.ts'
import { leadMetricsReaction } from './reactions/lead-metrics.reaction.ts'
import { missedWebhooksReaction } from './reactions/missed-webhooks.reaction.ts'
import { openScreensReaction } from './reactions/open-screens.reaction.ts'
import { opportunityReaction } from './reactions/opportunity.reaction.ts'

/**
 * Everything that follows from a lead event (docs/architecture.md, "Adding a lead reaction"): the
 * recorder runs, for each event, every reaction listed here that is `on` it, in this order. One
 * line per reaction file.
 */
export const LEAD_REACTIONS: readonly LeadReaction[] = [
  leadAutomationReaction,
  opportunityReaction,
  leadMetricsReaction,
  missedWebhooksReaction,
  leadAlertsReaction,
  openScreensReaction,
]
