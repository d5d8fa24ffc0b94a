// The demo's AI drafts (docs/spec/product.md §9.6): the hub runs against the OpenAI-compatible
// simulator (AI_BASE_URL), so "Draft with AI" works without a key. The check asks for one draft
// and proves that nothing reached Yelp because of it.

import type { Draft } from '@common/lead-automation.ts'
import type { SessionClient } from '../server/src/testing/session-client.ts'
import type { SandboxControl } from '../sim/sandbox-control.ts'

/**
 * `--check`: an AI draft for the lead, written from the customer's words, waits in the lead's
 * drafts; the Yelp lead gains no event from it. The draft is discarded afterwards.
 */
export async function checkAiDraft(
  hub: SessionClient,
  sim: SandboxControl,
  leadId: string,
  customerWords: string,
): Promise<Draft> {
  const before = (await sim.yelpLead(leadId)).events.length
  const draft = await hub.call<Draft>('draft a reply with AI', 'POST', `/api/leads/${leadId}/drafts/ai`)
  if (draft.kind !== 'ai') throw new Error(`the AI draft came back as kind ${draft.kind}`)
  if (!draft.text.includes(customerWords))
    throw new Error(`the AI draft does not carry the customer's words: ${draft.text}`)
  const lead = await hub.call<{ drafts: Draft[] }>('read the lead', 'GET', `/api/leads/${leadId}`)
  if (!lead.drafts.some((stored) => stored.id === draft.id))
    throw new Error('the AI draft is not among the lead’s drafts')
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const after = (await sim.yelpLead(leadId)).events.length
  if (after !== before)
    throw new Error(`the Yelp lead gained ${after - before} events from an AI draft nobody sent`)
  await hub.call('discard the AI draft', 'DELETE', `/api/leads/${leadId}/drafts/${draft.id}`)
  return draft
}

/** The printed step: where to click, and how to make the model fail or misbehave. */
export function aiInstructions(aiUrl: string, baseUrl: string, leadName: string): string[] {
  return [
    `  5. AI drafts: open ${leadName}'s lead in ${baseUrl}/inbox and click "Draft with AI" above the reply box;`,
    `     the OpenAI-compatible simulator (${aiUrl}/v1, AI_BASE_URL) writes it from the lead's words. Then:`,
    `       curl -s -X POST ${aiUrl}/__sim/ai/answers -H 'content-type: application/json' -d '{"preset":"url"}'   # links: stripped`,
    `       curl -s -X POST ${aiUrl}/__sim/faults -H 'content-type: application/json' -d '{"path":"/v1/chat/completions","status":500}'   # a 502 in the inbox`,
    `       curl -s ${aiUrl}/__sim/requests   # the prompts the hub sent`,
  ]
}
