// A job of the engine's queues as `GET /api/jobs` answers it (server and dashboard share it).

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const
export type JobState = (typeof JOB_STATES)[number]

export interface JobView {
  id: string
  queue: string
  state: JobState
  clientId: string | null
  data: unknown
  /** The error of a failed or retrying job. */
  error: string | null
  /** Re-runs after the first attempt. */
  retryCount: number
  retryLimit: number
  createdOn: string
  startedOn: string | null
  completedOn: string | null
}
