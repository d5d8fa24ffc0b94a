import { VERSION_CONTACTS } from './ghl/ghl-route.guard.ts'
import type { Sandbox } from './sandbox.ts'
import type { SimFault } from './sandbox-control.ts'
import { exportLines } from './sim-env.ts'

/** Shell variables the printed commands use, so they stay short and copy-pasteable. */
const YELP = '$YELP_SIM'
const GHL = '$GHL_SIM'
const JSON_HEADER = "-H 'content-type: application/json'"

function post(url: string, body: unknown): string {
  return `curl -s -X POST ${url} ${JSON_HEADER} -d '${JSON.stringify(body)}'`
}

/** `YELP_SIM=… GHL_SIM=…` lines the other commands refer to. */
export function simVariables(
  sandbox: Pick<Sandbox, 'yelp' | 'ghl'> & Partial<Pick<Sandbox, 'ai'>>,
): string[] {
  return [
    `YELP_SIM=${sandbox.yelp.url}`,
    `GHL_SIM=${sandbox.ghl.url}`,
    ...(sandbox.ai ? [`AI_SIM=${sandbox.ai.url}`] : []),
  ]
}

export function newLeadCommand(businessId: string): string {
  return post(`${YELP}/__sim/yelp/leads`, {
    businessId,
    consumerName: 'Sam T.',
    project: {
      job_names: ['Roof inspection'],
      survey_answers: [{ question_text: 'What type of roof do you have?', answer_text: ['Tile'] }],
      location: { postal_code: '94107' },
    },
  })
}

export function consumerMessageCommand(leadId: string, text = 'Any news on the quote?'): string {
  return post(`${YELP}/__sim/yelp/leads/${leadId}/messages`, { text })
}

/** `| node -e '…'` over a JSON answer as `d`; the script must not contain a single quote. */
function jsonScript(script: string): string {
  return `node -e 'const d = JSON.parse(require("fs").readFileSync(0, "utf8")); ${script}'`
}

/** The location's newest messages in GHL, one line each: direction, status, first line of the body. */
export function ghlMessagesCommand(locationId: string, count = 5): string {
  return `curl -s ${GHL}/__sim/ghl/locations/${locationId}/messages | ${jsonScript(
    `for (const m of d.slice(-${count})) console.log(m.direction.padEnd(9), m.status.padEnd(10), m.body.split("\\n")[0].slice(0, 70))`,
  )}`
}

/** The lead's newest events on Yelp, one line each: who, the event type, the text. */
export function yelpLeadEventsCommand(leadId: string, count = 4): string {
  return `curl -s ${YELP}/__sim/yelp/leads/${leadId} | ${jsonScript(
    `for (const e of d.events.slice(-${count})) console.log(e.user_type.padEnd(9), e.event_type.padEnd(20), (e.event_content.text ?? "").split("\\n")[0].slice(0, 70))`,
  )}`
}

/** The last `count` calls the hub made to GHL on one path, and GHL's answers: time, method, status. */
export function ghlRequestsCommand(path: string, count = 6): string {
  return `curl -s ${GHL}/__sim/requests | ${jsonScript(
    `for (const r of d.filter((r) => r.path === "${path}").slice(-${count})) console.log(r.time, r.method, r.path, r.status ?? "dropped")`,
  )}`
}

/** Arms a GHL fault (sim/README.md "Faults"). */
export function ghlFaultCommand(fault: SimFault): string {
  return post(`${GHL}/__sim/faults`, fault)
}

/** Creates a contact through the real API as the hub would, keeping its id in `$CONTACT`. */
export function createContactCommand(locationId: string, locationApiKey: string): string {
  const body = JSON.stringify({ locationId, firstName: 'Pat', phone: '+14155550123' })
  return [
    `CONTACT=$(curl -s -X POST ${GHL}/contacts/upsert -H 'Authorization: Bearer ${locationApiKey}'`,
    `-H 'Version: ${VERSION_CONTACTS}' ${JSON_HEADER} -d '${body}'`,
    `| node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).contact.id')`,
  ].join(' ')
}

/**
 * A GHL user's reply to `$CONTACT` → signed ProviderOutboundMessage to the hub's /reply; prints the
 * GHL message id and the hub's answer. The message must hold no quote characters.
 */
export function userReplyCommand(locationId: string, message = 'Thanks Pat, we can come Thursday.'): string {
  const body = `'{"locationId":"${locationId}","contactId":"'"$CONTACT"'","message":"${message}"}'`
  return `curl -s -X POST ${GHL}/__sim/ghl/user-reply ${JSON_HEADER} -d ${body} | ${jsonScript(
    'console.log(d.error ?? "GHL message " + d.messageId + " sent; the hub answered " + d.response.status)',
  )}`
}

/** What `npm run sim` prints once both simulators are up. */
export function sandboxGuide(sandbox: Sandbox): string {
  const { yelp, ghl } = sandbox.sample
  const [firstLead = 'lead-roof-repair'] = yelp.leadIds
  const lines = [
    'LeadRelay sandbox: the Yelp, GoHighLevel and AI model simulators',
    '',
    `  Yelp simulator  ${sandbox.yelp.url}  (control API ${sandbox.yelp.url}/__sim/yelp)`,
    `  GHL simulator   ${sandbox.ghl.url}  (control API ${sandbox.ghl.url}/__sim/ghl)`,
    `  AI simulator    ${sandbox.ai.url}/v1  (OpenAI-compatible; AI_BASE_URL below points here)`,
    `  Hub             ${sandbox.hubUrl}  (Yelp webhooks → /yelp/webhook, GHL replies → /reply)`,
    `  Mail catcher    ${sandbox.mail.pageUrl}  (email alerts: SMTP_URL below points here)`,
    `  Webhook catcher ${sandbox.webhooks.pageUrl}  (point a Slack or webhook alert channel at ${sandbox.webhooks.url})`,
    '',
    "# Point the hub at the simulators (paste into the hub's shell before `npm start`):",
    ...exportLines(sandbox.env),
    '',
    '# Sample data',
    `#   Yelp business      ${yelp.businessId} (admin user ${yelp.userId}), subscribed to webhooks: ${
      sandbox.yelp.store.isSubscribed(yelp.businessId, 'WEBHOOK', sandbox.yelp.now()) ? 'yes' : 'no'
    }`,
    `#   Yelp leads         ${yelp.leadIds.join(', ')}`,
    `#   GHL location       ${ghl.locationId} (company ${ghl.companyId}, user ${ghl.userId})`,
    `#   GHL location key   ${ghl.locationApiKey}`,
    '',
    '# Try it (sim/README.md explains every control route)',
    ...simVariables(sandbox),
    '# A consumer message on a lead → NEW_EVENT webhook to the hub',
    consumerMessageCommand(firstLead),
    '# A new lead → NEW_EVENT webhook to the hub',
    newLeadCommand(yelp.businessId),
    '# A GHL user reply needs a contact: the hub creates it when it forwards a lead; or create one as the hub would',
    createContactCommand(ghl.locationId, ghl.locationApiKey),
    "# The reply → signed ProviderOutboundMessage to the hub's /reply",
    userReplyCommand(ghl.locationId),
    '# Faults: the next 2 lead reads answer 429, the next contact upsert 503, then back to normal',
    post(`${YELP}/__sim/faults`, { method: 'GET', path: '/v3/leads/*', status: 429, times: 2 }),
    post(`${GHL}/__sim/faults`, { method: 'POST', path: '/contacts/upsert', status: 503 }),
    '# What the hub sent, and the webhooks the simulators delivered',
    `curl -s ${YELP}/__sim/requests`,
    `curl -s ${GHL}/__sim/requests`,
    `curl -s ${YELP}/__sim/yelp/webhooks`,
    `curl -s ${GHL}/__sim/ghl/webhooks`,
    '# AI drafts: the next answer carries links (the hub strips them), the next one fails with a 500',
    post(`$AI_SIM/__sim/ai/answers`, { preset: 'url' }),
    post(`$AI_SIM/__sim/faults`, { path: '/v1/chat/completions', status: 500 }),
    `curl -s $AI_SIM/__sim/requests`,
    '# Move the sim clock forward (expires tokens, makes GHL webhook retries due)',
    post(`${GHL}/__sim/clock/advance`, { ms: 600_000 }),
    '',
    'Ctrl-C stops the simulators.',
  ]
  return lines.join('\n')
}
