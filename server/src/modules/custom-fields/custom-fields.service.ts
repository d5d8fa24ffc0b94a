import type {
  CreateCustomFieldsResult,
  CreateFieldsResult,
  CustomFieldRecord,
  GhlDataType,
  GhlStatus,
  LeadAnalysis,
} from '@common/custom-fields.ts'
import { GHL_DATA_TYPES } from '@common/custom-fields.ts'
import type { DB } from '../../db/database.ts'
import type { GhlCustomField } from '../../integrations/ghl/ghl.schemas.ts'
import type { GhlCustomFieldsClient } from '../../integrations/ghl/ghl-custom-fields.client.ts'
import type { TokenManager } from '../../integrations/oauth/token-manager.ts'
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import { recordAudit } from '../../repositories/audit.repository.ts'
import { updateClient } from '../../repositories/clients.repository.ts'
import { findGhlConnection, type GhlConnection } from '../../repositories/connections.repository.ts'
import { acquireLease, releaseLease } from '../../repositories/credential-leases.repository.ts'
import {
  type CustomFieldRow,
  deleteFieldRecords,
  listFieldRecords,
  listLeadProjects,
  upsertFieldRecord,
} from '../../repositories/custom-fields.repository.ts'
import type { ProviderTokensStore } from '../../repositories/provider-tokens.store.ts'
import type { AuthenticatedSession } from '../auth/auth.service.ts'
import { assertClientVisible } from '../clients/client-scope.ts'
import { actorOf } from '../users/users.service.ts'
import { analyzeLeads } from './lead-analysis.ts'
import { STANDARD_LEAD_FIELDS } from './standard-fields.ts'

interface WantedField {
  name: string
  type: GhlDataType
  options?: string[]
  sourceType: 'standard' | 'survey_question'
  sourceData: unknown
}

interface Deps {
  db: DB
  /** Opens the location API key. */
  tokenStore: ProviderTokensStore
  tokens: TokenManager
  ghlFields: GhlCustomFieldsClient
}

/**
 * A client's GHL custom fields: derived from its leads, created in GHL idempotently (list
 * first, match by name or fieldKey, create only what is missing), recorded in
 * `ghl_custom_fields`, with the status moving not_configured → configuring → configured | error.
 */
export class CustomFieldsService {
  constructor(private readonly deps: Deps) {}

  async analyze(session: AuthenticatedSession, clientId: string): Promise<LeadAnalysis> {
    await this.visibleRow(session, clientId)
    return analyzeLeads(await listLeadProjects(this.deps.db, clientId))
  }

  async createFromAnalysis(
    session: AuthenticatedSession,
    clientId: string,
    analysis: LeadAnalysis,
  ): Promise<CreateCustomFieldsResult> {
    await this.visibleRow(session, clientId)
    const standard = STANDARD_LEAD_FIELDS.filter((field) =>
      analysis.standardFields.some((s) => s.name === field.name),
    )
    const wanted: WantedField[] = [
      ...standard.map((field) => ({
        name: field.name,
        type: field.type,
        sourceType: 'standard' as const,
        sourceData: { key: field.key },
      })),
      ...analysis.surveyQuestions.map((question) => ({
        name: question.fieldName,
        type: 'LARGE_TEXT' as const,
        sourceType: 'survey_question' as const,
        sourceData: { question: question.fieldName, answersSeen: question.options ?? [] },
      })),
    ]
    const result = await this.ensureFields(session, clientId, wanted)
    return { fieldsCreated: result.created, fieldsExisting: result.existing, fields: result.records }
  }

  /** The mobile modal's variant: the standard fields plus the given survey questions. */
  async createFields(
    session: AuthenticatedSession,
    clientId: string,
    surveyQuestions: string[],
  ): Promise<CreateFieldsResult> {
    await this.visibleRow(session, clientId)
    const wanted: WantedField[] = [
      ...STANDARD_LEAD_FIELDS.map((field) => ({
        name: field.name,
        type: field.type,
        sourceType: 'standard' as const,
        sourceData: { key: field.key },
      })),
      ...[...new Set(surveyQuestions)].map((question) => ({
        name: question,
        type: 'LARGE_TEXT' as const,
        sourceType: 'survey_question' as const,
        sourceData: { question },
      })),
    ]
    const { records } = await this.ensureFields(session, clientId, wanted)
    return { fieldMapping: fieldMapping(records) }
  }

  async deleteAll(session: AuthenticatedSession, clientId: string): Promise<{ deletedCount: number }> {
    const row = await this.visibleRow(session, clientId)
    const records = await listFieldRecords(this.deps.db, clientId)
    const { locationId, bearer } = await this.credential(row)
    for (const record of records) {
      if (record.ghlFieldId) await this.deps.ghlFields.remove(locationId, record.ghlFieldId, bearer, clientId)
    }
    await this.deps.db.transaction(async (tx) => {
      await deleteFieldRecords(tx, clientId)
      await updateClient(tx, clientId, {
        ghlCustomFieldsStatus: 'not_configured',
        ghlCustomFieldsCount: 0,
        ghlCustomFields: null,
      })
      await recordAudit(tx, actorOf(session), {
        action: 'client.custom_fields_deleted',
        entityType: 'client',
        entityId: clientId,
        before: { fields: records.map((r) => r.fieldName) },
      })
    })
    return { deletedCount: records.length }
  }

  async list(session: AuthenticatedSession, clientId: string): Promise<CustomFieldRecord[]> {
    await this.visibleRow(session, clientId)
    return (await listFieldRecords(this.deps.db, clientId)).map(toRecord)
  }

  async mappingStatus(session: AuthenticatedSession, clientId: string): Promise<GhlStatus> {
    const row = await this.visibleRow(session, clientId)
    const records = await listFieldRecords(this.deps.db, clientId)
    return {
      hasApiKey: row.hasApiKey,
      hasCustomFields: records.length > 0,
      fieldMapping: fieldMapping(records.map(toRecord)),
    }
  }

  async surveyQuestions(session: AuthenticatedSession, clientId: string): Promise<{ questions: string[] }> {
    await this.visibleRow(session, clientId)
    const analysis = analyzeLeads(await listLeadProjects(this.deps.db, clientId))
    return { questions: analysis.surveyQuestions.map((q) => q.fieldName) }
  }

  private async ensureFields(session: AuthenticatedSession, clientId: string, wanted: WantedField[]) {
    const row = await this.visibleRow(session, clientId)
    const { locationId, bearer } = await this.credential(row)
    const lease = `custom-fields:${clientId}`
    const holder = `${session.sessionId}:${Date.now()}`
    if (!(await acquireLease(this.deps.db, lease, holder, 120_000))) {
      throw new ConflictError(`Custom fields are already being set up for client ${clientId}`)
    }
    try {
      await updateClient(this.deps.db, clientId, { ghlCustomFieldsStatus: 'configuring' })
      let created = 0
      let existing = 0
      try {
        const present = await this.deps.ghlFields.list(locationId, bearer, clientId)
        for (const field of wanted) {
          let ghlField = findExisting(present, field.name)
          if (ghlField) existing += 1
          else {
            ghlField = await this.deps.ghlFields.create(
              locationId,
              { name: field.name, dataType: field.type, options: field.options },
              bearer,
              clientId,
            )
            present.push(ghlField)
            created += 1
          }
          await upsertFieldRecord(this.deps.db, {
            clientId,
            fieldName: field.name,
            ghlFieldId: ghlField.id,
            ghlFieldName: ghlField.name,
            dataType: field.type,
            options: field.options ?? ghlField.picklistOptions ?? null,
            sourceType: field.sourceType,
            sourceData: { ...(field.sourceData as object), fieldKey: ghlField.fieldKey ?? null },
            apiResponse: ghlField,
          })
        }
      } catch (error) {
        await updateClient(this.deps.db, clientId, { ghlCustomFieldsStatus: 'error' })
        throw error
      }
      const records = await listFieldRecords(this.deps.db, clientId)
      await this.deps.db.transaction(async (tx) => {
        await updateClient(tx, clientId, {
          ghlCustomFieldsStatus: 'configured',
          ghlCustomFieldsCount: records.length,
          ghlCustomFields: fieldMapping(records.map(toRecord)),
        })
        await recordAudit(tx, actorOf(session), {
          action: 'client.custom_fields_created',
          entityType: 'client',
          entityId: clientId,
          after: { created, existing, total: records.length },
        })
      })
      return { created, existing, records: records.map(toRecord) }
    } finally {
      await releaseLease(this.deps.db, lease, holder)
    }
  }

  /** The location key when saved (the setup order puts it before OAuth), else the OAuth token. */
  private async credential(ghl: GhlConnection): Promise<{ locationId: string; bearer: string }> {
    const { locationId } = ghl
    if (!locationId)
      throw new ValidationError('ghlLocationId: save the GoHighLevel location ID and API key first')
    const apiKey = await this.deps.tokenStore.locationApiKey(ghl.clientId)
    if (apiKey) return { locationId, bearer: apiKey }
    if (ghl.connected) return { locationId, bearer: await this.deps.tokens.ghlAccessToken(ghl.clientId) }
    throw new ValidationError('ghlLocationApiKey: save the GoHighLevel location API key first')
  }

  /** The client's GHL connection, once the session may see the client. */
  private async visibleRow(session: AuthenticatedSession, clientId: string): Promise<GhlConnection> {
    await assertClientVisible(this.deps.db, session, clientId)
    const row = await findGhlConnection(this.deps.db, clientId)
    if (!row) throw new NotFoundError(`Client ${clientId} not found`)
    return row
  }
}

function findExisting(present: GhlCustomField[], name: string): GhlCustomField | undefined {
  const wantedKey = `contact.${snakeCase(name)}`
  return present.find(
    (field) => field.name.trim().toLowerCase() === name.trim().toLowerCase() || field.fieldKey === wantedKey,
  )
}

function snakeCase(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
}

/** docs/spec/dashboard-spec.md §3.2 "fieldMapping (map of field key to field id)". */
function fieldMapping(
  records: Array<Pick<CustomFieldRecord, 'fieldName' | 'ghlFieldId' | 'fieldKey'>>,
): Record<string, string> {
  return Object.fromEntries(
    records.filter((r) => r.ghlFieldId).map((r) => [r.fieldKey ?? r.fieldName, r.ghlFieldId as string]),
  )
}

function toRecord(row: CustomFieldRow): CustomFieldRecord {
  const source = (row.sourceData ?? {}) as { fieldKey?: string | null }
  return {
    id: row.id,
    clientId: row.clientId,
    fieldName: row.fieldName,
    ghlFieldId: row.ghlFieldId,
    ghlFieldName: row.ghlFieldName,
    fieldKey: source.fieldKey ?? null,
    dataType: (GHL_DATA_TYPES as readonly string[]).includes(row.dataType)
      ? (row.dataType as GhlDataType)
      : 'TEXT',
    options: row.options,
    sourceType: row.sourceType === 'survey_question' ? 'survey_question' : 'standard',
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  }
}
