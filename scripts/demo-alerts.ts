import type { CreatedAlertChannel } from '../common/alerts.ts'
import type { SessionClient } from '../server/src/testing/session-client.ts'
import type { Sandbox } from '../sim/sandbox.ts'

export interface DemoAlertChannels {
  names: string[]
}

/**
 * One alert channel of each kind, pointed at the sandbox's catchers (docs/spec/product.md §9.3):
 * Slack-style and signed-webhook deliveries land on the webhook catcher's page, emails on the
 * mail catcher's, so a newcomer sees a real alert with no Slack workspace or mail account.
 */
export async function createDemoAlertChannels(
  hub: SessionClient,
  sandbox: Sandbox,
): Promise<DemoAlertChannels> {
  const channels = [
    {
      name: 'On-call Slack (webhook catcher)',
      type: 'slack',
      target: `${sandbox.webhooks.url}/slack`,
      events: ['lead.new', 'lead.message', 'lead.unanswered', 'connection.needs_reauth', 'job.dead'],
      slaMinutes: 5,
    },
    {
      name: 'Signed webhook (webhook catcher)',
      type: 'webhook',
      target: `${sandbox.webhooks.url}/webhook`,
      events: ['lead.new', 'lead.message', 'lead.phone_shared', 'reply.sent', 'lead.status_changed'],
    },
    {
      name: 'Agency inbox (mail catcher)',
      type: 'email',
      target: 'ops@agency.test',
      events: ['lead.new', 'lead.unanswered', 'connection.needs_reauth', 'webhooks.silent', 'ghl.daily_cap'],
      slaMinutes: 5,
    },
  ]
  const names: string[] = []
  for (const channel of channels) {
    const created = await hub.call<CreatedAlertChannel>(
      `add the ${channel.type} alert channel`,
      'POST',
      '/api/alert-channels',
      channel,
    )
    names.push(created.name)
  }
  return { names }
}
