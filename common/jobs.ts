import { z } from 'zod'

// A job of the engine's queues as `GET /api/jobs` answers it (server and dashboard share it).

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const
export type JobState = (typeof JOB_STATES)[number]

// pg-boss timestamps are normalised to ISO strings by the server; createdOn falls back to ''
// when the row has none, so it is a plain string here.
export const jobViewSchema = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(JOB_STATES),
  clientId: z.string().nullable(),
  data: z.unknown(),
  /** The error of a failed or retrying job. */
  error: z.string().nullable(),
  /** Re-runs after the first attempt. */
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  createdOn: z.string(),
  startedOn: z.string().nullable(),
  completedOn: z.string().nullable(),
})
export type JobView = z.infer<typeof jobViewSchema>

/** GET /api/jobs?state=&limit=: newest first. */
export const jobListSchema = z.array(jobViewSchema)

/** POST /api/jobs/{id}/retry: the failed job is queued again. */
export const retryJobResultSchema = z.object({
  ok: z.literal(true),
  id: z.string(),
  state: z.literal('retry'),
})
export type RetryJobResult = z.infer<typeof retryJobResultSchema>
