import type { LeadAnalysis } from '@common/custom-fields.ts'
import { STANDARD_LEAD_FIELDS } from './standard-fields.ts'

/** Survey questions and job types found in a client's stored leads (`projectData`). */
export function analyzeLeads(projects: Array<{ projectData: Record<string, unknown> | null }>): LeadAnalysis {
  const questions = new Map<string, Set<string>>()
  const jobTypes = new Set<string>()
  for (const { projectData } of projects) {
    const surveyFields = projectData?.survey_fields
    if (surveyFields && typeof surveyFields === 'object') {
      for (const [question, answers] of Object.entries(surveyFields as Record<string, unknown>)) {
        const options = questions.get(question) ?? new Set<string>()
        if (Array.isArray(answers))
          for (const answer of answers) if (typeof answer === 'string') options.add(answer)
        questions.set(question, options)
      }
    }
    const jobNames = projectData?.job_names
    if (Array.isArray(jobNames)) for (const job of jobNames) if (typeof job === 'string') jobTypes.add(job)
  }
  return {
    standardFields: STANDARD_LEAD_FIELDS.map(({ name, type }) => ({ name, type })),
    surveyQuestions: [...questions.entries()].map(([fieldName, options]) => ({
      fieldName,
      options: [...options],
    })),
    jobTypes: [...jobTypes].sort(),
    totalLeads: projects.length,
  }
}
