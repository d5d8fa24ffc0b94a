// docs/spec/dashboard-spec.md §2.6 and §9: the first 10 survey questions, each cut at 30 characters, then '+N more'.
export const SURVEY_PREVIEW_COUNT = 10
export const SURVEY_PREVIEW_MAX_CHARS = 30

export interface SurveyPreview {
  shown: string[]
  /** How many questions are left out ('+N more'); 0 when all are shown. */
  more: number
}

export function truncateQuestion(question: string, max = SURVEY_PREVIEW_MAX_CHARS): string {
  return question.length > max ? `${question.slice(0, max)}...` : question
}

export function surveyPreview(questions: readonly string[]): SurveyPreview {
  return {
    shown: questions.slice(0, SURVEY_PREVIEW_COUNT).map((q) => truncateQuestion(q)),
    more: Math.max(0, questions.length - SURVEY_PREVIEW_COUNT),
  }
}
