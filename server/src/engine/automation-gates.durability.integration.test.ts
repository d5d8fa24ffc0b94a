import type { AutomationStep } from '@common/lead-automation.ts'
import { describe, expect, it } from 'vitest'
import { ACME } from '../testing/connected-world.ts'
import { startProcessWorld } from '../testing/process-world.ts'
import { findFreePort } from '../testing/test-server.ts'
import { waitFor } from '../testing/wait-for.ts'

// A first reply claimed, held by a Yelp outage, and a server killed meanwhile (docs/spec/product.md
// §9.2): the restarted server looks again before it posts, and a person's reply given meanwhile
// withdraws it for good.
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL)

describe('a held first reply across a SIGKILL', () => {
  it('is withdrawn by the restarted server once a person replied, and never reaches Yelp', {
    timeout: 240_000,
  }, async () => {
    const world = await startProcessWorld()
    try {
      const port = await findFreePort()
      let hub = await world.start(port)
      const { driver, admin } = await world.connect(hub)
      await admin.call('first replies on', 'PUT', `/api/clients/${ACME.clientId}/playbook`, {
        timezone: 'UTC',
        businessHours: Object.fromEntries(
          ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['00:00', '24:00']]]),
        ),
        firstReply: {
          enabled: true,
          mode: 'auto',
          delaySeconds: 0,
          inHours: 'Hi {firstName}!',
          afterHours: '',
        },
        followUps: [],
      })
      // Yelp takes 8 s to refuse the first reply's post: the hub dies while it waits.
      world.sims.yelp.server.faults.add({
        method: 'POST',
        path: '/v3/leads/held-kill/events',
        status: 503,
        delayMs: 8000,
      })
      driver.newLead('held-kill')
      await waitFor(
        'the first reply claimed',
        async () => {
          const answer = await admin.get('/api/leads/held-kill/automation')
          return answer.status === 200 && (answer.body as AutomationStep[])[0]?.state === 'sent'
        },
        60_000,
      )
      await new Promise((resolve) => setTimeout(resolve, 2000))
      await hub.kill()

      hub = await world.start(port)
      const again = await world.admin(hub)
      await again.call('a person’s reply', 'POST', '/api/leads/held-kill/reply', { text: 'Calling you now' })
      const texts = async () =>
        (await driver.yelpLead('held-kill')).events
          .filter((e) => e.user_type === 'BIZ' && e.event_type === 'TEXT')
          .map((e) => e.event_content.text ?? '')
      await waitFor(
        'the person’s reply on Yelp',
        async () => (await texts()).includes('Calling you now'),
        ON_POSTGRES ? 120_000 : 60_000,
      )
      await waitFor(
        'the first reply withdrawn',
        async () => {
          const answer = await again.get('/api/leads/held-kill/automation')
          return (answer.body as AutomationStep[])[0]?.reason === 'business_replied'
        },
        ON_POSTGRES ? 120_000 : 90_000,
      )
      expect(await texts()).toEqual(['Calling you now'])
    } finally {
      await world.close()
    }
  })
})
