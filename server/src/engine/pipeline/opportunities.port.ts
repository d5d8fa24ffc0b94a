import type {
  GhlNewOpportunity,
  GhlOpportunity,
  GhlOpportunityMove,
  GhlPipeline,
} from '../../integrations/ghl/ghl-opportunities.schemas.ts'

/** What the pipeline needs of GHL (docs/providers/ghl.md §11); GhlOpportunitiesClient implements it. */
export interface OpportunitiesPort {
  listPipelines(clientId: string, locationId: string): Promise<GhlPipeline[]>
  findByContact(
    clientId: string,
    locationId: string,
    contactId: string,
    pipelineId: string,
  ): Promise<GhlOpportunity[]>
  create(
    clientId: string,
    locationId: string,
    body: GhlNewOpportunity,
  ): Promise<{ created: true; opportunity: GhlOpportunity } | { created: false; duplicate: true }>
  move(
    clientId: string,
    locationId: string,
    opportunityId: string,
    move: GhlOpportunityMove,
  ): Promise<GhlOpportunity>
}
