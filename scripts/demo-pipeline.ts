// The demo's GHL pipeline (docs/spec/product.md §9.4): map the sample client's statuses to the
// simulator's "Yelp Leads" pipeline through the hub's API, give the imported leads their
// opportunities with the backfill, and print how to move a stage on either side.

import type { OpportunitySyncStatus, PipelineSettings } from '@common/pipeline.ts'
import type { SessionClient } from '../server/src/testing/session-client.ts'
import { waitFor } from '../server/src/testing/wait-for.ts'
import { GHL_SAMPLE_PIPELINE } from '../sim/ghl/ghl-fixtures.ts'

const { stages } = GHL_SAMPLE_PIPELINE
export const DEMO_PIPELINE: PipelineSettings = {
  enabled: true,
  pipelineId: GHL_SAMPLE_PIPELINE.id,
  stages: { new: stages.newLead, contacted: stages.contacted, converted: stages.won, closed: stages.lost },
}

/** The Pipeline step, as an operator would: save the mapping, then "Create Opportunities for Existing Leads". */
export async function mapDemoPipeline(
  hub: SessionClient,
  clientPath: string,
): Promise<OpportunitySyncStatus> {
  await hub.call('map the pipeline', 'PUT', `${clientPath}/pipeline`, DEMO_PIPELINE)
  await hub.call('create the opportunities', 'POST', `${clientPath}/ghl/sync-opportunities`)
  return waitFor(
    'the opportunity backfill',
    async () => {
      const status = await hub.call<OpportunitySyncStatus>(
        'read the backfill',
        'GET',
        `${clientPath}/ghl/opportunity-sync-status`,
      )
      if (status.status === 'failed') throw new Error(`the opportunity backfill failed: ${status.error}`)
      return status.status === 'completed' ? status : null
    },
    60_000,
  )
}

/** The printed step: a stage moved in GHL shows in the inbox; a status set in the inbox moves the stage. */
export function pipelineInstructions(locationId: string, opportunityId: string, leadName: string): string[] {
  const json = "-H 'content-type: application/json'"
  return [
    `  4. The pipeline: ${leadName}'s opportunity is in "${GHL_SAMPLE_PIPELINE.name}". A GHL user marks it Won; the`,
    '     inbox shows the lead Converted, "changed in GHL", live. Set a status in the inbox and the stage follows:',
    `       OPPORTUNITY=${opportunityId}`,
    `       curl -s -X POST $GHL_SIM/__sim/ghl/opportunities/$OPPORTUNITY/move ${json} -d '${JSON.stringify({ pipelineStageId: stages.won, status: 'won' })}'`,
    `       curl -s $GHL_SIM/__sim/ghl/locations/${locationId}/opportunities | node -e 'for (const o of JSON.parse(require("fs").readFileSync(0, "utf8"))) console.log(o.name.padEnd(36), o.pipelineStageId, o.status)'`,
  ]
}
