import { z } from 'zod'

// The response playbook of a client (docs/spec/product.md §9.2, §9.7): its timezone and business
// hours, the first reply and the follow-ups. `PUT /api/clients/{clientId}/playbook` parses its
// body with `playbookSchema`, and the "Response playbook" tab uses the same schema, so a value the
// form accepts is one the server accepts.

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export const PLAYBOOK_MODES = ['auto', 'suggest'] as const
export type PlaybookMode = (typeof PLAYBOOK_MODES)[number]
export const FIRST_REPLY_SOURCES = ['template', 'ai'] as const
export type FirstReplySource = (typeof FIRST_REPLY_SOURCES)[number]

export const TEMPLATE_PLACEHOLDERS = ['firstName', 'name', 'jobType', 'businessName'] as const
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number]

export const MAX_TEMPLATE_LENGTH = 1000
export const MAX_FOLLOW_UPS = 5
export const MAX_DELAY_SECONDS = 3600
export const MAX_FOLLOW_UP_MINUTES = 10080
export const MAX_PROFILE_LENGTH = 2000
/** What `{jobType}` says for a lead without a job name (§9.7). */
export const NO_JOB_TYPE = 'your project'

/** Whether the runtime knows the zone: an IANA name such as `America/Los_Angeles`. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/
/** Minutes since midnight of a `HH:MM` clock time (`24:00` is the day's end). */
export function clockMinutes(value: string): number {
  const [hours = 0, minutes = 0] = value.split(':').map(Number)
  return hours * 60 + minutes
}

const clock = z.string('must be a time HH:MM').regex(CLOCK, 'must be a time HH:MM (00:00 to 24:00)')

/** One opening of a day: `["08:00", "18:00"]`, its end after its start. */
const opening = z
  .tuple([clock, clock], 'must be a pair of times ["HH:MM", "HH:MM"]')
  .refine(([from, to]) => clockMinutes(to) > clockMinutes(from), 'must end after it starts')

const dayHours = z
  .array(opening, 'must be a list of ["HH:MM", "HH:MM"] pairs')
  .max(4, 'must have at most 4 openings')
  .refine((openings) => {
    const sorted = [...openings].sort((a, b) => clockMinutes(a[0]) - clockMinutes(b[0]))
    return sorted.every(
      (open, i) => i === 0 || clockMinutes(open[0]) >= clockMinutes(sorted[i - 1]?.[1] ?? '00:00'),
    )
  }, 'openings must not overlap')

export type DayHours = Array<[string, string]>

/** A week of openings; a weekday left out is closed. Only the seven weekdays are keys. */
const businessHours = z
  .strictObject(
    Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours.optional()])) as Record<
      Weekday,
      z.ZodOptional<typeof dayHours>
    >,
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `must use only the weekdays ${WEEKDAYS.join(', ')} (not ${issue.keys.join(', ')})`
          : 'must be an object of weekdays',
    },
  )
  .transform((value) => value as Partial<Record<Weekday, DayHours>>)

/** The placeholders a template uses that the playbook does not know. */
export function unknownPlaceholders(template: string): string[] {
  const known = TEMPLATE_PLACEHOLDERS as readonly string[]
  return [...template.matchAll(/\{([^{}]*)\}/g)]
    .map((match) => match[1] ?? '')
    .filter((name, i, all) => !known.includes(name) && all.indexOf(name) === i)
}

function template(required: boolean) {
  return z
    .string('must be text')
    .max(MAX_TEMPLATE_LENGTH, `must be at most ${MAX_TEMPLATE_LENGTH} characters`)
    .superRefine((value, ctx) => {
      if (required && value.trim() === '') ctx.addIssue({ code: 'custom', message: 'is required' })
      const unknown = unknownPlaceholders(value)
      if (unknown.length) {
        ctx.addIssue({
          code: 'custom',
          message: `unknown placeholder ${unknown.map((name) => `{${name}}`).join(', ')} (use ${TEMPLATE_PLACEHOLDERS.map((name) => `{${name}}`).join(', ')})`,
        })
      }
    })
}

const whole = (min: number, max: number) =>
  z
    .number('must be a number')
    .int('must be a whole number')
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)

const firstReply = z
  .object({
    enabled: z.boolean('must be true or false'),
    mode: z.enum(PLAYBOOK_MODES, `must be one of ${PLAYBOOK_MODES.join(', ')}`),
    delaySeconds: whole(0, MAX_DELAY_SECONDS),
    source: z
      .enum(FIRST_REPLY_SOURCES, `must be one of ${FIRST_REPLY_SOURCES.join(', ')}`)
      .default('template'),
    // Checked as a template below: required only while first replies are on.
    inHours: z
      .string('must be text')
      .max(MAX_TEMPLATE_LENGTH, `must be at most ${MAX_TEMPLATE_LENGTH} characters`)
      .default(''),
    afterHours: template(false).default(''),
  })
  .strict()
  // A first reply that is on needs something to send; an empty in-hours text is fine while off.
  .superRefine((value, ctx) => {
    const result = template(value.enabled).safeParse(value.inHours)
    if (!result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', path: ['inHours'], message: issue.message })
    }
  })

const followUp = z
  .object({
    afterMinutes: whole(1, MAX_FOLLOW_UP_MINUTES),
    text: template(true),
  })
  .strict()

export const playbookSchema = z
  .object({
    timezone: z
      .string('is required')
      .trim()
      .max(100, 'must be an IANA timezone such as America/Los_Angeles')
      .refine(isTimeZone, 'must be an IANA timezone such as America/Los_Angeles'),
    businessHours,
    firstReply,
    followUps: z
      .array(followUp, 'must be a list')
      .max(MAX_FOLLOW_UPS, `must have at most ${MAX_FOLLOW_UPS} steps`),
    followUpMode: z.enum(PLAYBOOK_MODES, `must be one of ${PLAYBOOK_MODES.join(', ')}`).default('auto'),
    profile: z
      .string('must be text')
      .max(MAX_PROFILE_LENGTH, `must be at most ${MAX_PROFILE_LENGTH} characters`)
      .default(''),
    // An AI draft may carry a phone number or email address only when the business allows it:
    // Yelp wants the conversation kept on Yelp (docs/spec/product.md §9.6).
    allowContactDetails: z.boolean('must be true or false').default(false),
  })
  .strict()

export type Playbook = z.output<typeof playbookSchema>
export type PlaybookInput = z.input<typeof playbookSchema>

const WEEKDAY_HOURS: DayHours = [['08:00', '18:00']]

/** A client that never saved a playbook has this one (§9.2 defaults). */
export const DEFAULT_PLAYBOOK: Playbook = {
  timezone: 'UTC',
  businessHours: {
    mon: WEEKDAY_HOURS,
    tue: WEEKDAY_HOURS,
    wed: WEEKDAY_HOURS,
    thu: WEEKDAY_HOURS,
    fri: WEEKDAY_HOURS,
  },
  firstReply: {
    enabled: false,
    mode: 'auto',
    delaySeconds: 0,
    source: 'template',
    inHours: '',
    afterHours: '',
  },
  followUps: [],
  followUpMode: 'auto',
  profile: '',
  allowContactDetails: false,
}

/** What the placeholders of a template stand for, for one lead (§9.7). */
export interface TemplateValues {
  /** The Yelp display name. */
  name: string | null
  /** The lead's first job name. */
  jobType: string | null
  /** The client's name. */
  businessName: string
}

/**
 * A template with its placeholders filled: `{firstName}` is the name's first word; `{jobType}`
 * says "your project" when the lead has none. Past 1,000 characters the text is cut at a word.
 */
export function renderTemplate(text: string, values: TemplateValues): string {
  const name = values.name?.trim() ?? ''
  const filled: Record<TemplatePlaceholder, string> = {
    name,
    firstName: name.split(/\s+/)[0] ?? '',
    jobType: values.jobType?.trim() || NO_JOB_TYPE,
    businessName: values.businessName,
  }
  const rendered = text.replace(
    /\{(firstName|name|jobType|businessName)\}/g,
    (_, key: TemplatePlaceholder) => filled[key],
  )
  return cutAtWord(rendered, MAX_TEMPLATE_LENGTH)
}

/** A slip a rendered template shows the customer, though the server accepts it (§9.7). */
export type TemplateWarning =
  | { kind: 'doubled_period'; excerpt: string }
  | { kind: 'empty_placeholder'; placeholder: TemplatePlaceholder }

/**
 * What reads wrong once `text` is filled for one lead: two periods in a row ("Roof repair.." from
 * "{jobType}." and a job name ending in a period; an ellipsis of three is meant and passes) and a
 * placeholder that renders as nothing ("Hi ," for a lead without a name). Warnings, not errors:
 * the lead at hand may be the odd one, so the form says so and still saves.
 */
export function templateWarnings(text: string, values: TemplateValues): TemplateWarning[] {
  const warnings: TemplateWarning[] = []
  const name = values.name?.trim() ?? ''
  const isEmpty: Record<TemplatePlaceholder, boolean> = {
    name: name === '',
    firstName: name === '',
    jobType: false,
    businessName: values.businessName.trim() === '',
  }
  const used = new Set(
    [...text.matchAll(/\{(firstName|name|jobType|businessName)\}/g)].map(
      (match) => match[1] as TemplatePlaceholder,
    ),
  )
  for (const placeholder of used) {
    if (isEmpty[placeholder]) warnings.push({ kind: 'empty_placeholder', placeholder })
  }
  const rendered = renderTemplate(text, values)
  const doubled = /(?<!\.)\.\s*\.(?!\.)/.exec(rendered)
  if (doubled) {
    const start = Math.max(0, rendered.lastIndexOf(' ', doubled.index - 1) + 1)
    warnings.push({
      kind: 'doubled_period',
      excerpt: rendered.slice(start, doubled.index + doubled[0].length),
    })
  }
  return warnings
}

/** A warning in the operator's words. */
export function templateWarningText(warning: TemplateWarning): string {
  return warning.kind === 'doubled_period'
    ? `Two periods in a row: "${warning.excerpt}"`
    : `{${warning.placeholder}} is empty for this lead, so the text reads with a gap`
}

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max + 1)
  const lastSpace = cut.lastIndexOf(' ')
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : text.slice(0, max)).trimEnd()
}

/**
 * `GET /api/playbooks/summary`: whether each visible client's automation is on, for the client
 * list's on/off; the texts stay behind `canManageClientIntegrations` (the playbook itself).
 */
export const playbookSummarySchema = z.object({
  clientId: z.string(),
  firstReply: z.object({ enabled: z.boolean(), mode: z.enum(PLAYBOOK_MODES) }),
  followUps: z.number().int(),
  followUpMode: z.enum(PLAYBOOK_MODES),
})
export type PlaybookSummary = z.infer<typeof playbookSummarySchema>
export const playbookSummaryListSchema = z.array(playbookSummarySchema)

/** A playbook as the summary tells it. */
export function summarizePlaybook(clientId: string, playbook: Playbook): PlaybookSummary {
  return {
    clientId,
    firstReply: { enabled: playbook.firstReply.enabled, mode: playbook.firstReply.mode },
    followUps: playbook.followUps.length,
    followUpMode: playbook.followUpMode,
  }
}
