// What the pipeline needs of the CRM's opportunities (docs/providers/ghl.md §11), in the engine's
// own terms: only the fields the engine reads or sends. GhlOpportunitiesClient satisfies it with
// its parsed shapes, which carry these fields and more.

/** The scopes a connection must have granted for the pipeline (docs/providers/ghl.md §11). */
export const PIPELINE_SCOPES: readonly string[] = ['opportunities.readonly', 'opportunities.write']

/** An opportunity's status as the CRM names it; `abandoned` is one the hub never sets. */
export type OpportunityStatus = 'open' | 'won' | 'lost' | 'abandoned'

export interface PipelineStage {
  id: string
  name: string
  position?: number
}

export interface Pipeline {
  id: string
  name: string
  stages: PipelineStage[]
}

export interface Opportunity {
  id: string
  pipelineId?: string
  pipelineStageId?: string
  /** Text, not OpportunityStatus: a status the CRM adds later must still be read. */
  status?: string
}

/** What the hub creates: only these properties are sent. */
export interface NewOpportunity {
  pipelineId: string
  pipelineStageId: string
  contactId: string
  name: string
  status: OpportunityStatus
  source: string
}

/** A move: the stage and the status (docs/spec/product.md §9.4). */
export interface OpportunityMove {
  pipelineStageId: string
  status: OpportunityStatus
}

/** What the pipeline needs of GHL (docs/providers/ghl.md §11); GhlOpportunitiesClient implements it. */
export interface OpportunitiesPort {
  listPipelines(clientId: string, locationId: string): Promise<Pipeline[]>
  findByContact(
    clientId: string,
    locationId: string,
    contactId: string,
    pipelineId: string,
  ): Promise<Opportunity[]>
  create(
    clientId: string,
    locationId: string,
    body: NewOpportunity,
  ): Promise<{ created: true; opportunity: Opportunity } | { created: false; duplicate: true }>
  move(
    clientId: string,
    locationId: string,
    opportunityId: string,
    move: OpportunityMove,
  ): Promise<Opportunity>
}
