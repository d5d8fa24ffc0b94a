import { QUEUES } from '@common/queues.ts'
import type { QueuedJob } from '../queue/job-queue.ts'

/** The lead whose automation a run decides and carries out. */
export interface LeadAutomationJob {
  clientId: string
  leadId: string
  /**
   * When the lead sync that queued this run read the lead's events from Yelp (ISO, the hub's
   * clock): a run that starts moments later posts on that read instead of reading again.
   */
  eventsReadAt?: string
}

/**
 * The queue facts of the lead-automation job (lead-automation.job.ts spreads them into its
 * declaration): what the lead sync and the inbox need to queue a run, without importing the
 * runner, which itself queues inbox replies through the lead sync's job files.
 */
export const LEAD_AUTOMATION: QueuedJob<LeadAutomationJob> = { queue: QUEUES.leadAutomation }

/** A due first reply the model writes (`firstReply.source: "ai"`): its step, claimed by the run. */
export interface LeadAutomationAiJob {
  clientId: string
  leadId: string
  stepId: number
}

/** The queue facts of the AI first-reply job (lead-automation-ai.job.ts), for the runner to hand off. */
export const LEAD_AUTOMATION_AI: QueuedJob<LeadAutomationAiJob> = { queue: QUEUES.leadAutomationAi }
