import type { AutomationReason, AutomationStep, Draft } from '@common/lead-automation.ts'

// How the automation of docs/spec/product.md §9.2 reads in the inbox: a draft's kind, and each
// step of the lead's history in words.

export const DRAFT_KIND_LABELS: Record<Draft['kind'], string> = {
  first_reply: 'First reply',
  follow_up: 'Follow-up',
  ai: 'AI draft',
}

export const STEP_STATE_LABELS: Record<AutomationStep['state'], string> = {
  scheduled: 'Scheduled',
  sent: 'Sent',
  drafted: 'Drafted',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
}

const REASON_TEXT: Record<AutomationReason, string> = {
  business_replied: 'the business had already replied',
  consumer_replied: 'the customer wrote again',
  status_closed: 'the lead was converted or closed',
  disabled: 'the playbook step is turned off',
  no_business_hours: 'the playbook has no business hours',
  discarded: 'the draft was discarded',
}

const AI_FALLBACK_TEXT: Record<string, string> = {
  timeout: 'the AI model did not answer in time',
  server_error: 'the AI model failed',
  connection: 'the AI model could not be reached',
  refused: 'the AI model refused the request',
  output_refused: 'the AI answer broke the output rules',
  not_configured: 'no AI model is configured',
  breaker_open: 'the AI model kept failing, so it was not asked',
}

/**
 * Who wrote a sent or drafted first reply (docs/spec/product.md §9.6): "written by AI", or "template"
 * with why the model's text was not used.
 */
export function sourceText(step: Pick<AutomationStep, 'source' | 'reason'>): string | null {
  if (step.source === 'ai') return 'written by AI'
  const cause = step.reason?.startsWith('ai_fallback:') ? step.reason.slice('ai_fallback:'.length) : null
  if (cause) return `template used: ${AI_FALLBACK_TEXT[cause] ?? cause.replaceAll('_', ' ')}`
  return null
}

/** A reason in words; one this screen does not know yet reads as itself, underscores spaced. */
export function reasonText(reason: string): string {
  return REASON_TEXT[reason as AutomationReason] ?? reason.replaceAll('_', ' ')
}

/** "First reply" or "Follow-up 2" (history steps: 0 the first reply, 1..n the follow-ups). */
export function stepTitle(step: Pick<AutomationStep, 'kind' | 'step'>): string {
  return step.kind === 'first_reply' ? 'First reply' : `Follow-up ${step.step}`
}
