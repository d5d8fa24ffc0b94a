import { describe, expect, it } from 'vitest'
import { surveyPreview, truncateQuestion } from '@/features/integrations/utils/survey-preview.ts'

describe('survey question preview (docs/spec/dashboard-spec.md §2.6, §9)', () => {
  it.each([
    { question: 'Roof type?', shown: 'Roof type?' },
    { question: 'x'.repeat(30), shown: 'x'.repeat(30) },
    { question: 'x'.repeat(31), shown: `${'x'.repeat(30)}...` },
    {
      question: 'What kind of roof do you have right now?',
      shown: 'What kind of roof do you have ...',
    },
  ])('truncates "$question" to "$shown"', ({ question, shown }) => {
    expect(truncateQuestion(question)).toBe(shown)
  })

  it.each([
    { count: 0, shown: 0, more: 0 },
    { count: 3, shown: 3, more: 0 },
    { count: 10, shown: 10, more: 0 },
    { count: 11, shown: 10, more: 1 },
    { count: 25, shown: 10, more: 15 },
  ])('$count questions show $shown and "+$more more"', ({ count, shown, more }) => {
    const questions = Array.from(
      { length: count },
      (_, i) => `Question number ${i + 1} about the project scope`,
    )
    const preview = surveyPreview(questions)
    expect(preview.shown).toHaveLength(shown)
    expect(preview.more).toBe(more)
    if (count > 0) expect(preview.shown[0]).toBe('Question number 1 about the pr...')
  })
})
