import { alertConditionsJob } from './alert-conditions.job.ts'
import { alertDeliveryJob } from './alert-delivery.job.ts'
import type { JobDefinition } from './job-definition.ts'

/**
 * Every job the engine runs: it creates each one's queue, workers and schedule from this list
 * (docs/architecture.md, "Adding a job"). One line per job file.
 */
export const JOBS: readonly JobDefinition[] = [alertDeliveryJob, alertConditionsJob]
