import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PLAYBOOK,
  type PlaybookInput,
  playbookSchema,
  renderTemplate,
  templateWarnings,
  templateWarningText,
} from './playbook.ts'

const valid: PlaybookInput = {
  timezone: 'America/Los_Angeles',
  businessHours: { mon: [['08:00', '18:00']], sat: [] },
  firstReply: { enabled: true, mode: 'auto', delaySeconds: 0, inHours: 'Hi {firstName}!', afterHours: '' },
  followUps: [{ afterMinutes: 60, text: 'Still there, {name}?' }],
  followUpMode: 'suggest',
}

/** The first problem zod reports, as `path: message` (how the server names the field). */
function problem(input: unknown): string | undefined {
  const result = playbookSchema.safeParse(input)
  if (result.success) return undefined
  const issue = result.error.issues[0]
  return issue ? `${issue.path.join('.')}: ${issue.message}` : undefined
}

describe('playbookSchema', () => {
  it('accepts the contract example and fills defaults', () => {
    const parsed = playbookSchema.parse(valid)
    expect(parsed.firstReply.source).toBe('template')
    expect(parsed.profile).toBe('')
    expect(playbookSchema.parse(DEFAULT_PLAYBOOK)).toEqual(DEFAULT_PLAYBOOK)
  })

  it.each([
    [{ ...valid, timezone: 'Mars/Olympus' }, /^timezone: must be an IANA timezone/],
    [
      { ...valid, businessHours: { funday: [] } },
      /^businessHours: must use only the weekdays mon, tue, wed, thu, fri, sat, sun \(not funday\)/,
    ],
    [
      { ...valid, businessHours: { mon: [['18:00', '08:00']] } },
      /^businessHours.mon.0: must end after it starts/,
    ],
    [
      { ...valid, businessHours: { mon: [['8am', '18:00']] } },
      /^businessHours.mon.0.0: must be a time HH:MM/,
    ],
    [
      {
        ...valid,
        businessHours: {
          mon: [
            ['08:00', '12:00'],
            ['11:00', '13:00'],
          ],
        },
      },
      /^businessHours.mon: openings must not overlap/,
    ],
    [
      { ...valid, firstReply: { ...valid.firstReply, mode: 'later' } },
      /^firstReply.mode: must be one of auto, suggest/,
    ],
    [
      { ...valid, firstReply: { ...valid.firstReply, delaySeconds: 3601 } },
      /^firstReply.delaySeconds: must be between 0 and 3600/,
    ],
    [{ ...valid, firstReply: { ...valid.firstReply, inHours: '' } }, /^firstReply.inHours: is required/],
    [
      { ...valid, firstReply: { ...valid.firstReply, inHours: 'Hi {first_name}' } },
      /^firstReply.inHours: unknown placeholder \{first_name\}/,
    ],
    [
      { ...valid, firstReply: { ...valid.firstReply, afterHours: 'x'.repeat(1001) } },
      /^firstReply.afterHours: must be at most 1000/,
    ],
    [
      { ...valid, firstReply: { ...valid.firstReply, source: 'magic' } },
      /^firstReply.source: must be one of template, ai/,
    ],
    [
      { ...valid, followUps: Array(6).fill({ afterMinutes: 5, text: 'x' }) },
      /^followUps: must have at most 5 steps/,
    ],
    [
      { ...valid, followUps: [{ afterMinutes: 0, text: 'x' }] },
      /^followUps.0.afterMinutes: must be between 1 and 10080/,
    ],
    [
      { ...valid, followUps: [{ afterMinutes: 10, text: '{price}' }] },
      /^followUps.0.text: unknown placeholder \{price\}/,
    ],
    [{ ...valid, profile: 'x'.repeat(2001) }, /^profile: must be at most 2000/],
    [{ ...valid, surprise: true }, /Unrecognized key/],
  ])('refuses %j', (input, message) => {
    expect(problem(input)).toMatch(message)
  })

  it('allows an empty in-hours text while the first reply is off', () => {
    expect(
      problem({ ...valid, firstReply: { ...valid.firstReply, enabled: false, inHours: '' } }),
    ).toBeUndefined()
  })
})

describe('renderTemplate', () => {
  const values = { name: 'Maria Lopez', jobType: 'Kitchen remodel', businessName: 'Acme Plumbing' }

  it('fills every placeholder', () => {
    expect(renderTemplate('Hi {firstName} ({name}) about {jobType} from {businessName}', values)).toBe(
      'Hi Maria (Maria Lopez) about Kitchen remodel from Acme Plumbing',
    )
  })

  it('says "your project" without a job', () => {
    expect(renderTemplate('About {jobType}', { ...values, jobType: null })).toBe('About your project')
  })

  it('cuts a long rendering at a word boundary within 1,000 characters', () => {
    const text = renderTemplate(`${'word '.repeat(199)}{name}`, { ...values, name: 'A'.repeat(30) })
    expect(text.length).toBeLessThanOrEqual(1000)
    expect(text.endsWith('word')).toBe(true)
  })
})

describe('templateWarnings', () => {
  const jordan = { name: 'Jordan Smith', jobType: 'Roof repair', businessName: 'Acme Roofing' }

  it('finds nothing in a text that renders cleanly, an ellipsis included', () => {
    expect(
      templateWarnings('Hi {firstName}, thanks for asking about {jobType}... Talk soon.', jordan),
    ).toEqual([])
  })

  it.each([
    [
      "a job name ending in a period before the template's own",
      'About {jobType}.',
      { ...jordan, jobType: 'Roof repair.' },
      'repair..',
    ],
    ['a doubled period typed in the text', 'Thanks.. we will call', jordan, 'Thanks..'],
    ['two periods apart by a space', 'Thanks {firstName}. .', jordan, 'Jordan. .'],
  ])('warns of %s', (_, text, values, excerpt) => {
    const warnings = templateWarnings(text, values)
    expect(warnings).toEqual([{ kind: 'doubled_period', excerpt }])
    expect(templateWarningText(warnings[0] ?? { kind: 'empty_placeholder', placeholder: 'name' })).toBe(
      `Two periods in a row: "${excerpt}"`,
    )
  })

  it('warns once per placeholder that renders as nothing', () => {
    const nameless = { ...jordan, name: '  ' }
    expect(templateWarnings('Hi {firstName}, {firstName}! {name} about {jobType}', nameless)).toEqual([
      { kind: 'empty_placeholder', placeholder: 'firstName' },
      { kind: 'empty_placeholder', placeholder: 'name' },
    ])
    expect(templateWarningText({ kind: 'empty_placeholder', placeholder: 'firstName' })).toBe(
      '{firstName} is empty for this lead, so the text reads with a gap',
    )
  })

  it('never warns of {jobType}, which says "your project" when empty', () => {
    expect(templateWarnings('About {jobType}', { ...jordan, jobType: null })).toEqual([])
  })

  it('warns of an empty name only where the text uses it', () => {
    expect(templateWarnings('Thanks for reaching out!', { ...jordan, name: null })).toEqual([])
  })
})
