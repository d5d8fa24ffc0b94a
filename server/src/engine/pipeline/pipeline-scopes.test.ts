import { describe, expect, it } from 'vitest'
import { ghlManifest } from '../../integrations/ghl/ghl.manifest.ts'
import { PIPELINE_SCOPES } from './opportunities.port.ts'

// The engine keeps its own copy of the pipeline's scopes (it may not import the GHL folder): it
// must name exactly the ones the GHL app asks for, or every connection would read "reconnect".
describe('the pipeline scopes', () => {
  it('are the ones the GHL manifest names for the pipeline, and the app requests them all', () => {
    expect([...PIPELINE_SCOPES]).toEqual([...ghlManifest.pipelineScopes])
    for (const scope of PIPELINE_SCOPES) expect(ghlManifest.scopes).toContain(scope)
  })
})
