import { type AiSim, createAiSim } from './ai/ai-sim.ts'
import { type MailCatcher, startMailCatcher } from './catchers/mail-catcher.ts'
import { startWebhookCatcher, type WebhookCatcher } from './catchers/webhook-catcher.ts'
import { type GhlSampleWorld, seedGhlSample } from './ghl/ghl-fixtures.ts'
import { createGhlSim, type GhlSim } from './ghl/ghl-sim.ts'
import { type SandboxEnv, sandboxEnv } from './sim-env.ts'
import { createYelpSim, type YelpSim } from './yelp/yelp-sim.ts'

/** The ports `npm run sim` and `npm run demo` use unless SIM_YELP_PORT / SIM_GHL_PORT say otherwise. */
export const SANDBOX_DEFAULT_PORTS = {
  yelp: 5101,
  ghl: 5102,
  mailSmtp: 5103,
  mailWeb: 5104,
  webhooks: 5105,
  ai: 5106,
} as const

export interface SandboxOptions {
  /** 0 = a free port (tests). */
  yelpPort?: number
  ghlPort?: number
  /** The OpenAI-compatible simulator (AI drafts, docs/spec/product.md §9.6). */
  aiPort?: number
  /** The hub's base URL: Yelp webhooks go to `<hubUrl>/yelp/webhook`, GHL replies to `<hubUrl>/reply`. */
  hubUrl: string
  host?: string
  /**
   * Give the sample business an active WEBHOOK subscription at once (default true, so a consumer
   * message produces a webhook straight away). The demo passes false: subscribing is the hub's step.
   */
  isSubscribed?: boolean
  /** Also sign GHL webhooks with the legacy RSA `x-wh-signature` (adds GHL_WEBHOOK_RSA_PUBLIC_KEY). */
  legacyRsa?: boolean
  /** The alert catchers' ports (0 or absent = a free port): SMTP, the mail page, the webhook catcher. */
  catcherPorts?: { mailSmtp?: number; mailWeb?: number; webhooks?: number }
}

export interface SandboxSample {
  yelp: { userId: string; businessId: string; leadIds: string[] }
  ghl: { locationId: string; companyId: string; userId: string; locationApiKey: string }
}

export interface Sandbox {
  yelp: YelpSim
  ghl: GhlSim
  /** Writes AI drafts without a model or a key. */
  ai: AiSim
  /** The hub's environment lines (docs/spec/product.md §5) pointing at the simulators and the mail catcher. */
  env: SandboxEnv & { SMTP_URL: string; ALERT_EMAIL_FROM: string; AI_BASE_URL: string; AI_MODEL: string }
  /** Where email alerts land (SMTP_URL), listed on its page. */
  mail: MailCatcher
  /** Where Slack and webhook alert channels can point, listed on its page. */
  webhooks: WebhookCatcher
  sample: SandboxSample
  hubUrl: string
  close(): Promise<void>
}

/**
 * Both simulators listening and seeded with their sample worlds, wired to the hub's webhook URLs:
 * what `npm run sim` runs, what the demo starts beside the hub, and what tests can start on port 0.
 */
export async function startSandbox(options: SandboxOptions): Promise<Sandbox> {
  const hubUrl = options.hubUrl.replace(/\/+$/, '')
  const host = options.host ?? '127.0.0.1'
  const yelp = createYelpSim({ webhook: { url: `${hubUrl}/yelp/webhook` } })
  const ghl = createGhlSim({
    replyUrl: `${hubUrl}/reply`,
    appWebhookUrl: `${hubUrl}/ghl/webhook`,
    sendLegacyRsaSignature: options.legacyRsa ?? false,
  })
  const ai = createAiSim()
  let mail: MailCatcher | undefined
  let webhooks: WebhookCatcher | undefined
  try {
    await yelp.listen(options.yelpPort ?? 0, host)
    await ghl.listen(options.ghlPort ?? 0, host)
    await ai.listen(options.aiPort ?? 0, host)
    mail = await startMailCatcher({
      smtpPort: options.catcherPorts?.mailSmtp,
      httpPort: options.catcherPorts?.mailWeb,
      host,
    })
    webhooks = await startWebhookCatcher({ port: options.catcherPorts?.webhooks, host })
  } catch (error) {
    // One of the ports is taken: free the others before reporting.
    await Promise.allSettled([yelp.close(), ghl.close(), ai.close(), mail?.close(), webhooks?.close()])
    throw error
  }
  const catchers = { mail, webhooks }
  const yelpSample = yelp.seedSample({ isSubscribed: options.isSubscribed ?? true })
  const ghlSample: GhlSampleWorld = seedGhlSample(ghl)
  const aiEnv = ai.env()
  return {
    yelp,
    ghl,
    ai,
    env: {
      ...sandboxEnv(yelp, ghl),
      SMTP_URL: catchers.mail.smtpUrl,
      ALERT_EMAIL_FROM: 'LeadRelay <alerts@leadrelay.local>',
      AI_BASE_URL: aiEnv.AI_BASE_URL ?? `${ai.url}/v1`,
      AI_MODEL: aiEnv.AI_MODEL ?? 'leadrelay-sim-1',
    },
    mail: catchers.mail,
    webhooks: catchers.webhooks,
    sample: {
      yelp: yelpSample,
      ghl: {
        locationId: ghlSample.location.id,
        companyId: ghlSample.location.companyId,
        userId: ghlSample.user.id,
        locationApiKey: ghlSample.apiKey.token,
      },
    },
    hubUrl,
    close: async () => {
      await Promise.all([
        yelp.close(),
        ghl.close(),
        ai.close(),
        catchers.mail.close(),
        catchers.webhooks.close(),
      ])
    },
  }
}
