import type { ProviderClients } from '../../integrations/provider-clients.ts'
import { YelpLeadSource } from '../../integrations/yelp/yelp-lead-source.ts'
import type { LeadSource } from './lead-source.ts'

/**
 * Every lead source of the hub, one line each: the only place the engine names a source's
 * folder (rule `engine-not-source-vendors`, .dependency-cruiser.cjs). Adding a source is its
 * adapter in integrations/<source>/ and one line here (docs/architecture.md, "Sources").
 */
export const SOURCES: Record<string, (providers: ProviderClients) => LeadSource> = {
  yelp: (providers) => new YelpLeadSource(providers.yelpLeads),
}

/** The source a lead's jobs carry; jobs queued before sources existed carry none and are Yelp's. */
export const DEFAULT_SOURCE = 'yelp'

/** The hub's sources by id, built once from the provider clients (tests add their own). */
export class LeadSources {
  private readonly byId: ReadonlyMap<string, LeadSource>

  constructor(sources: LeadSource[]) {
    this.byId = new Map(sources.map((source) => [source.id, source]))
  }

  /** The source of that id; an unknown one is a bug in a job's data, not a provider failure. */
  get(id: string = DEFAULT_SOURCE): LeadSource {
    const source = this.byId.get(id)
    if (!source) throw new Error(`No lead source "${id}" (sources: ${[...this.byId.keys()].join(', ')})`)
    return source
  }

  all(): LeadSource[] {
    return [...this.byId.values()]
  }
}

export function createLeadSources(providers: ProviderClients, extra: LeadSource[] = []): LeadSources {
  return new LeadSources([...Object.values(SOURCES).map((make) => make(providers)), ...extra])
}
