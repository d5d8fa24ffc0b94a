import { ghlManifest } from './ghl/ghl.manifest.ts'
import type { Provider } from './oauth/token-store.port.ts'
import { yelpManifest } from './yelp/yelp.manifest.ts'

/** Both providers' manifests, for code that handles either one by name. */
export const providerManifests = { yelp: yelpManifest, ghl: ghlManifest } as const satisfies Record<
  Provider,
  { provider: Provider; displayName: string }
>
