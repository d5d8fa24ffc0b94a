import type { PlaybookSummary } from '@common/playbook.ts'

// How a client's automation (docs/spec/product.md §9.2) reads in a word and a line, the same on
// the client list and on the client's Response page.

export interface AutomationSummaryText {
  isOn: boolean
  /** "On" or "Off". */
  state: 'On' | 'Off'
  /** What runs: "First reply (auto) · 2 follow-ups (suggest)", or why nothing does. */
  detail: string
}

const MODE_WORD = { auto: 'sent', suggest: 'as drafts' } as const

export function automationSummaryText(summary: PlaybookSummary | undefined): AutomationSummaryText {
  const parts: string[] = []
  if (summary?.firstReply.enabled) parts.push(`First reply ${MODE_WORD[summary.firstReply.mode]}`)
  if (summary && summary.followUps > 0) {
    const steps = summary.followUps === 1 ? '1 follow-up' : `${summary.followUps} follow-ups`
    parts.push(`${steps} ${MODE_WORD[summary.followUpMode]}`)
  }
  if (parts.length === 0) return { isOn: false, state: 'Off', detail: 'No automatic reply' }
  return { isOn: true, state: 'On', detail: parts.join(' · ') }
}
