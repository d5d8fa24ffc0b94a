import { z } from 'zod'
import { isoTimestampSchema } from './api.ts'
import { MAX } from './text-bounds.ts'

// A client's GHL custom fields: the lead analysis, the records the hub created, and the
// mapping the Integration Setup dialog shows (docs/spec/dashboard-spec.md §2.6, §3.2, §9).

export const GHL_DATA_TYPES = [
  'TEXT',
  'LARGE_TEXT',
  'SINGLE_OPTIONS',
  'MULTIPLE_OPTIONS',
  'DATE',
  'PHONE',
  'NUMERICAL',
] as const
export type GhlDataType = (typeof GHL_DATA_TYPES)[number]

/** docs/spec/dashboard-spec.md §9 "Data type labels". */
export const DATA_TYPE_LABELS: Record<GhlDataType, string> = {
  TEXT: 'Text',
  LARGE_TEXT: 'Large Text',
  SINGLE_OPTIONS: 'Dropdown',
  MULTIPLE_OPTIONS: 'Multi-select',
  DATE: 'Date',
  PHONE: 'Phone',
  NUMERICAL: 'Number',
}

// Every label the analysis carries has a ceiling (common/text-bounds.ts; docs/decisions/0016 §3).
const labelField = z
  .string('must be text')
  .trim()
  .min(1, 'must not be empty')
  .max(MAX.label, `must be at most ${MAX.label} characters`)

const boundedText = z.string().max(MAX.label, `must be at most ${MAX.label} characters`)

export const leadAnalysisSchema = z.object({
  standardFields: z
    .array(z.object({ name: labelField, type: z.enum(GHL_DATA_TYPES) }))
    .max(200, 'at most 200 standard fields'),
  surveyQuestions: z
    .array(z.object({ fieldName: labelField, options: z.array(boundedText).max(200).optional() }))
    .max(200, 'at most 200 survey questions'),
  jobTypes: z.array(boundedText).max(500),
  totalLeads: z.number().int().min(0).max(1_000_000_000),
})
export type LeadAnalysis = z.infer<typeof leadAnalysisSchema>

export const createFieldsSchema = z.object({
  surveyQuestions: z.array(labelField).max(200, 'at most 200 survey questions'),
})

/** Survey question → GHL field key, as the CRM status and the mobile modal's creation answer it. */
const fieldMappingSchema = z.record(z.string(), z.string())

export const customFieldRecordSchema = z.object({
  id: z.number().int(),
  clientId: z.string(),
  fieldName: z.string(),
  ghlFieldId: z.string().nullable(),
  ghlFieldName: z.string().nullable(),
  fieldKey: z.string().nullable(),
  dataType: z.enum(GHL_DATA_TYPES),
  options: z.array(z.string()).nullable(),
  sourceType: z.enum(['standard', 'survey_question']),
  isActive: z.boolean(),
  createdAt: isoTimestampSchema,
})
export type CustomFieldRecord = z.infer<typeof customFieldRecordSchema>

/** GET /api/ghl/custom-fields/{clientId}. */
export const customFieldListSchema = z.array(customFieldRecordSchema)

/** POST /api/clients/{clientId}/ghl/create-custom-fields. */
export const createCustomFieldsResultSchema = z.object({
  fieldsCreated: z.number().int(),
  fieldsExisting: z.number().int(),
  fields: customFieldListSchema,
})
export type CreateCustomFieldsResult = z.infer<typeof createCustomFieldsResultSchema>

/** POST /api/clients/{clientId}/ghl/create-fields (the mobile modal). */
export const createFieldsResultSchema = z.object({ fieldMapping: fieldMappingSchema })
export type CreateFieldsResult = z.infer<typeof createFieldsResultSchema>

/** POST /api/clients/{clientId}/ghl/delete-custom-fields. */
export const deleteCustomFieldsResultSchema = z.object({ deletedCount: z.number().int() })
export type DeleteCustomFieldsResult = z.infer<typeof deleteCustomFieldsResultSchema>

/** GET /api/clients/{clientId}/ghl/custom-fields: docs/spec/dashboard-spec.md §3.2 "CRM status response". */
export const ghlStatusSchema = z.object({
  hasApiKey: z.boolean(),
  hasCustomFields: z.boolean(),
  fieldMapping: fieldMappingSchema,
})
export type GhlStatus = z.infer<typeof ghlStatusSchema>

/** GET /api/clients/{clientId}/survey-questions: the distinct survey questions of its leads. */
export const surveyQuestionsSchema = z.object({ questions: z.array(z.string()) })
export type SurveyQuestions = z.infer<typeof surveyQuestionsSchema>
