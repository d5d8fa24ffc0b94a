import type { LeadAnalysis } from '@common/custom-fields.ts'
import { leadProjectDataSchema } from '@common/leads.ts'
import { STANDARD_LEAD_FIELDS } from './standard-fields.ts'

/** Survey questions and job types found in a client's stored leads (`projectData`). */
export function analyzeLeads(projects: Array<{ projectData: Record<string, unknown> | null }>): LeadAnalysis {
  const questions = new Map<string, Set<string>>()
  const jobTypes = new Set<string>()
  for (const { projectData } of projects) {
    // A project stored in another shape has nothing the analysis can trust: it adds no field.
    const project = leadProjectDataSchema.safeParse(projectData ?? {}).data
    for (const [question, answers] of Object.entries(project?.survey_fields ?? {})) {
      const options = questions.get(question) ?? new Set<string>()
      for (const answer of answers) options.add(answer)
      questions.set(question, options)
    }
    for (const job of project?.job_names ?? []) jobTypes.add(job)
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
