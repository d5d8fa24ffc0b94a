import { QUEUES } from '@common/queues.ts'
import { z } from 'zod'
import { runClientRun, startClientRun } from '../client-run.ts'
import { contactSyncRun } from '../contact-sync.ts'
import { type ClientJob, LONG_JOB_EXPIRE_SECONDS, PRIORITY, STANDARD_RETRIES } from '../queue/queues.ts'
import { defineJob, type JobDeps } from './job-definition.ts'

const payload: z.ZodType<ClientJob> = z.looseObject({ clientId: z.string() })

/** The client's contact sync, a client run (client-run.ts): `start` claims and queues it, the job runs it. */
export function contactSync(deps: JobDeps) {
  return {
    start: (clientId: string) =>
      startClientRun(deps.db, contactSyncRun, clientId, () =>
        deps.jobs.enqueue(contactSyncJob, { clientId }),
      ),
    run: (clientId: string) => runClientRun(deps, contactSyncRun, clientId),
  }
}

/** Upsert every stored lead of a client as a GHL contact. */
export const contactSyncJob = defineJob({
  queue: QUEUES.contactSync,
  payload,
  workers: 1,
  // pg-boss's worker fails a job whose handler runs longer than its expiry, heartbeat or not
  // (pg-boss 10 manager.js resolveWithinSeconds), and the retry then runs beside the first run,
  // which is not stopped. A contact sync of thousands of leads takes minutes: its expiry fits
  // it; a crashed one is retried that much later on PostgreSQL (at once on PGlite, at start).
  options: { ...STANDARD_RETRIES, policy: 'stately', expireInSeconds: LONG_JOB_EXPIRE_SECONDS },
  singletonKey: (job) => job.clientId,
  priority: () => PRIORITY.bulk,
  calls: () => 'bulk',
  ghlCapped: true,
  handle: (job, { deps }) => contactSync(deps).run(job.clientId),
})
