import { enc, expectOk, type GhlApi, parseGhl } from './ghl-api.ts'
import {
  type GhlNewOpportunity,
  type GhlOpportunity,
  type GhlOpportunityMove,
  type GhlPipeline,
  ghlOpportunityResponseSchema,
  ghlOpportunitySearchSchema,
  ghlPipelineListSchema,
} from './ghl-opportunities.schemas.ts'

/** GHL's answer to a second open opportunity of one contact in one pipeline (docs/providers/ghl.md §11). */
const DUPLICATE_OPPORTUNITY = /duplicate opportunit/i

export type CreateOpportunityResult =
  | { created: true; opportunity: GhlOpportunity }
  /** GHL refused a second one: the contact already has one in this pipeline. */
  | { created: false; duplicate: true }

/** Pipelines and opportunities of one location (docs/providers/ghl.md §11). */
export class GhlOpportunitiesClient {
  constructor(private readonly api: GhlApi) {}

  async listPipelines(clientId: string, locationId: string): Promise<GhlPipeline[]> {
    const response = await this.api.send(
      clientId,
      locationId,
      'opportunities',
      'GET',
      `/opportunities/pipelines?${new URLSearchParams({ locationId })}`,
    )
    expectOk(response, `Listing the GoHighLevel pipelines of location ${locationId}`)
    return parseGhl(ghlPipelineListSchema, response, 'the pipeline list').pipelines
  }

  /** The contact's opportunities in the pipeline, any status (the search takes snake_case, §11). */
  async findByContact(
    clientId: string,
    locationId: string,
    contactId: string,
    pipelineId: string,
  ): Promise<GhlOpportunity[]> {
    const query = new URLSearchParams({
      location_id: locationId,
      contact_id: contactId,
      pipeline_id: pipelineId,
      status: 'all',
      limit: '20',
    })
    const response = await this.api.send(
      clientId,
      locationId,
      'opportunities',
      'GET',
      `/opportunities/search?${query}`,
    )
    expectOk(response, `Searching the GoHighLevel opportunities of contact ${contactId}`)
    return parseGhl(ghlOpportunitySearchSchema, response, 'the opportunity search').opportunities
  }

  /**
   * Never resent blindly after a timeout or a 5xx (POST): GHL may have created it. The caller
   * searches by contact and pipeline before creating again; GHL's duplicate 400 is an answer.
   */
  async create(
    clientId: string,
    locationId: string,
    body: GhlNewOpportunity,
  ): Promise<CreateOpportunityResult> {
    const response = await this.api.send(clientId, locationId, 'opportunities', 'POST', '/opportunities/', {
      json: { ...body, locationId },
    })
    if (response.status === 400 && DUPLICATE_OPPORTUNITY.test(JSON.stringify(response.body ?? ''))) {
      return { created: false, duplicate: true }
    }
    expectOk(response, `Creating a GoHighLevel opportunity for contact ${body.contactId}`)
    return {
      created: true,
      opportunity: parseGhl(ghlOpportunityResponseSchema, response, 'the new opportunity').opportunity,
    }
  }

  /** docs/spec/product.md §9.7: moves use PUT /opportunities/{id} (stage and status in one call). */
  async move(
    clientId: string,
    locationId: string,
    opportunityId: string,
    move: GhlOpportunityMove,
  ): Promise<GhlOpportunity> {
    const response = await this.api.send(
      clientId,
      locationId,
      'opportunities',
      'PUT',
      `/opportunities/${enc(opportunityId)}`,
      { json: { pipelineStageId: move.pipelineStageId, status: move.status } },
    )
    expectOk(response, `Moving GoHighLevel opportunity ${opportunityId}`)
    return parseGhl(ghlOpportunityResponseSchema, response, `opportunity ${opportunityId}`).opportunity
  }
}
