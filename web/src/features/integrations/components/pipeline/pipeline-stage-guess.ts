import type { LeadStatus } from '@common/leads.ts'
import type { GhlPipelineView, PipelineStages } from '@common/pipeline.ts'

/** The four statuses in words, as the inbox names them. */
export const PIPELINE_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  converted: 'Converted',
  closed: 'Closed',
}

const NAME_HINTS: Record<LeadStatus, RegExp> = {
  new: /new|incoming|lead/i,
  contacted: /contact|replied|follow/i,
  converted: /won|hired|convert|booked|closed won/i,
  closed: /lost|closed|dead|abandon/i,
}

/**
 * A first mapping for a pipeline just picked: each status takes the stage whose name says it
 * (New Lead, Contacted, Won, Lost), else nothing, so the operator only fixes what is unclear.
 */
export function guessStages(pipeline: GhlPipelineView | undefined): Record<LeadStatus, string> {
  const find = (status: LeadStatus) => pipeline?.stages.find((s) => NAME_HINTS[status].test(s.name))?.id ?? ''
  return {
    new: find('new'),
    contacted: find('contacted'),
    converted: find('converted'),
    closed: find('closed'),
  }
}

export type StageChoice = PipelineStages
