// A plausible reply written from the prompt alone, without any model: the customer's first name,
// their job and their own latest words come back in a short, friendly answer with a next step.
// Enough for the demo and for tests to see that the lead's words reached "the model".

export interface ChatMessageInput {
  role: string
  content: unknown
}

export function writeReply(messages: ChatMessageInput[]): string {
  const system = textOf(messages.find((m) => m.role === 'system'))
  const user = textOf([...messages].reverse().find((m) => m.role === 'user'))
  const business = /You write the next reply of (.+?) to a customer/.exec(system)?.[1] ?? 'our team'
  const { name, job, area, customerWords } = leadOf(user)
  const firstName = name && name !== 'unknown name' ? (name.split(/\s+/)[0] ?? '') : ''
  // The last paragraph of the newest message: Yelp's quote request opens with its own summary line.
  const latest =
    customerWords
      .at(-1)
      ?.split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .at(-1) ?? ''
  const greeting = firstName ? `Hi ${firstName},` : 'Hi there,'
  const about = job && job !== 'not given' ? ` about your ${job.toLowerCase()}` : ''
  const where = area ? ` in ${area}` : ''
  const echo = latest ? ` You wrote: "${quote(latest)}", and we can help with exactly that.` : ''
  return [
    `${greeting} thanks for reaching out to ${business}${about}${where}!${echo}`,
    'Could you share a couple of days and times that suit you for a quick visit to take a look?',
  ].join(' ')
}

interface PromptLead {
  name: string
  job: string | undefined
  area: string | undefined
  customerWords: string[]
}

/**
 * The lead in the hub's user message: JSON data (`customer`, `job`, `postalCode`, `conversation`),
 * or the plain lines of older prompts ("Customer: …", "Job: …", quoted messages).
 */
function leadOf(user: string): PromptLead {
  try {
    const data = JSON.parse(user) as {
      customer?: unknown
      job?: unknown
      postalCode?: unknown
      conversation?: Array<{ from?: unknown; text?: unknown }>
    }
    if (data && typeof data === 'object' && Array.isArray(data.conversation)) {
      const job = Array.isArray(data.job) ? data.job.filter((j) => typeof j === 'string').join(', ') : ''
      return {
        name: typeof data.customer === 'string' ? data.customer.trim() : '',
        job: job || undefined,
        area: typeof data.postalCode === 'string' ? data.postalCode : undefined,
        customerWords: data.conversation
          .filter((m) => m?.from === 'customer' && typeof m.text === 'string')
          .map((m) => String(m.text)),
      }
    }
  } catch {
    // Not JSON: the plain-lines form below.
  }
  return {
    name: /^Customer: (.+)$/m.exec(user)?.[1]?.trim() ?? '',
    job: /^Job: (.+)$/m.exec(user)?.[1]?.trim(),
    area: /^Area \(postal code\): (.+)$/m.exec(user)?.[1]?.trim(),
    customerWords: [...user.matchAll(/^Customer: """([\s\S]*?)"""$/gm)].map((m) => m[1] ?? ''),
  }
}

function textOf(message: ChatMessageInput | undefined): string {
  if (!message) return ''
  if (typeof message.content === 'string') return message.content
  if (Array.isArray(message.content))
    return message.content
      .map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : ''))
      .join('\n')
  return ''
}

/** The customer's words, shortened to their end (where the question usually is). */
function quote(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim()
  if (oneLine.length <= 120) return oneLine
  const tail = oneLine.slice(-121)
  const firstSpace = tail.indexOf(' ')
  return `...${(firstSpace >= 0 && firstSpace < 60 ? tail.slice(firstSpace + 1) : tail.slice(1)).trimStart()}`
}

/** A rough token count (about four characters a token), for the `usage` the client logs. */
export function tokenCount(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4))
}
